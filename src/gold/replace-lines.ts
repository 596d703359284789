import { randomUUID } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { translateFsError } from '../corpus/fs-errors.js';

/**
 * Replaces `file` with `lines` in one step: they are written to a temporary file beside it,
 * fsynced, and renamed over it, so a reader sees the old content or the new, never half of
 * either, and a crash leaves the old file. No lines deletes the file instead of leaving it
 * empty: a gold set whose additions were all taken back has no additions file, as before the
 * first one. The caller holds the additions lock, so no append can land in between.
 */
export async function replaceLines(file: string, lines: readonly string[]): Promise<void> {
  if (lines.length === 0) {
    await unlink(file).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw translateFsError(err, file);
    });
    return;
  }
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
  try {
    const handle = await open(temp, 'wx', 0o644);
    try {
      await handle.writeFile(lines.map((line) => line + '\n').join(''), 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw translateFsError(err, file);
  }
}
