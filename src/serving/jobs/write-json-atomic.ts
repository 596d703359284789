import fs from 'node:fs';
import path from 'node:path';

/** Temp files are named `<file><TEMP_MARK><pid>-<random>`, so a sweep can tell whose they are. */
export const TEMP_MARK = '.tmp-';

/**
 * Writes `value` as JSON to `file` through a temp file beside it, flushed and renamed into place:
 * rename(2) within a directory is atomic, so a reader (or the next server start) sees the old
 * record or the new one, never half of one, even when the writer is killed mid-write.
 */
export function writeJsonAtomic(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}${TEMP_MARK}${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  try {
    const fd = fs.openSync(tmp, 'w');
    try {
      fs.writeFileSync(fd, JSON.stringify(value) + '\n');
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

/** The pid in a temp file's name, or undefined when `name` is not a temp file of `writeJsonAtomic`. */
export function tempFileOwner(name: string): number | undefined {
  const at = name.lastIndexOf(TEMP_MARK);
  if (at < 0) return undefined;
  const pid = Number(name.slice(at + TEMP_MARK.length).split('-')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}
