import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { translateFsError } from '../corpus/fs-errors.js';

/**
 * Writes `text` to `file` through a temp file beside it, flushed and renamed into place (rename is
 * atomic within a folder), so a failed or killed run leaves the old file or none, never half a
 * query set or half a qrels file. The folder is created when missing. The server's and the gold
 * set's atomic writers (serving/jobs/write-json-atomic.ts, gold/replace-lines.ts) sit in layers
 * above traffic/, which may not import them.
 */
export function writeTextAtomic(file: string, text: string): void {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const fd = fs.openSync(temp, 'wx', 0o644);
    try {
      fs.writeFileSync(fd, text, 'utf8');
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, file);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw translateFsError(err, file);
  }
}
