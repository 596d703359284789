import { constants } from 'node:fs';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { InputError } from '../errors.js';
import { translateFsError } from '../corpus/fs-errors.js';
import { isUbiLogFile } from './log-files.js';

/**
 * `testbed serve --log-queries DIR --seed-traffic SEED`: a log folder that holds no UBI log file
 * yet starts with a copy of SEED's (`ubi_queries*.jsonl`, `ubi_events*.jsonl`), so a first start
 * (npm start on the demo corpus) already has traffic to show and sample, and events may refer to
 * those searches. A folder that already has a log is left alone: the seed never overwrites or
 * doubles what the server has logged. Returns the names copied (none when the folder had a log).
 */
export async function seedTraffic(logDir: string, seedDir: string): Promise<string[]> {
  const present = await listOrEmpty(logDir);
  if (present.some(isUbiLogFile)) return [];
  let seeds: string[];
  try {
    seeds = (await readdir(seedDir)).filter(isUbiLogFile).sort();
  } catch (err) {
    throw translateFsError(err, seedDir);
  }
  if (seeds.length === 0)
    throw new InputError('holds no ubi_queries*.jsonl or ubi_events*.jsonl file to seed the query log with', {
      file: seedDir,
    });
  try {
    await mkdir(logDir, { recursive: true });
  } catch (err) {
    throw translateFsError(err, logDir);
  }
  for (const name of seeds) {
    const from = path.join(seedDir, name);
    try {
      // EXCL: a file that appeared meanwhile (another server starting on the folder) is not replaced.
      await copyFile(from, path.join(logDir, name), constants.COPYFILE_EXCL);
    } catch (err) {
      throw translateFsError(err, from);
    }
  }
  return seeds;
}

async function listOrEmpty(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw translateFsError(err, dir);
  }
}
