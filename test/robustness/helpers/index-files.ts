import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** sha256 of a file's bytes, to tell "the same index" from "an index with the same name". */
export function sha256(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** Temp files of builds of `dest` (`<dest>.building-<pid>-<rand>` and its -wal/-shm). */
export function buildTemps(dest: string): string[] {
  const prefix = `${path.basename(dest)}.building-`;
  return fs
    .readdirSync(path.dirname(dest))
    .filter((f) => f.startsWith(prefix))
    .sort();
}

/** The pid a temp file name carries. */
export function tempPid(name: string): number {
  return Number(name.split('.building-')[1]!.split('-')[0]);
}
