import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { translateFsError } from '../corpus/fs-errors.js';
import { isLogFile } from './log-files.js';

/**
 * Calls `add` with the `query_id` of every query record in `dir`'s `ubi_queries*.jsonl` files,
 * oldest file first (the day in the name sorts them), in file order within each: a server that
 * restarts on its log folder keeps accepting events for the searches it answered before.
 * Streamed a line at a time, so a long log is never held whole. A line that is not a JSON
 * object with a string `query_id` is skipped: the last line of a file that a crash cut short,
 * a blank line left by the newline a later writer put in front of its own.
 */
export async function readLoggedQueryIds(dir: string, add: (queryId: string) => void): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    throw translateFsError(err, dir);
  }
  for (const name of names.filter((n) => isLogFile(n, 'queries')).sort()) {
    const file = path.join(dir, name);
    const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
    try {
      for await (const line of lines) {
        const id = queryIdOf(line);
        if (id !== undefined) add(id);
      }
    } catch (err) {
      throw translateFsError(err, file);
    }
  }
}

function queryIdOf(line: string): string | undefined {
  if (!line.trim()) return undefined;
  try {
    const record = JSON.parse(line) as { query_id?: unknown } | null;
    return typeof record?.query_id === 'string' ? record.query_id : undefined;
  } catch {
    return undefined;
  }
}
