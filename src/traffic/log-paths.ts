import { readdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { translateFsError } from '../corpus/fs-errors.js';
import { statPath } from '../corpus/path-kind.js';
import { InputError } from '../errors.js';

/** The file names a folder of logs contributes; anything else in it (notes, archives) is left alone. */
export const LOG_EXTENSIONS: ReadonlySet<string> = new Set(['.jsonl', '.ndjson', '.json', '.csv']);

/**
 * Expands the paths a user named into the log files to read: a file as it is, a folder as its
 * log files (not its subfolders), sorted by name so day-rotated files come in date order and
 * every read sees the same order. A path that does not exist is an error, not an empty log.
 */
export async function listLogFiles(paths: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const path of paths) {
    const info = await statPath(path);
    if (info === undefined) throw new InputError('no such file or folder', { file: path });
    if (!info.isDirectory()) {
      files.push(path);
      continue;
    }
    const entries = await readdir(path, { withFileTypes: true }).catch((err: unknown) => {
      throw translateFsError(err, path);
    });
    const names = entries
      .filter((e) => e.isFile() && LOG_EXTENSIONS.has(extname(e.name).toLowerCase()))
      .map((e) => e.name)
      .sort();
    files.push(...names.map((name) => join(path, name)));
  }
  return files;
}
