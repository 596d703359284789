import { constants } from 'node:fs';
import { type FileHandle, lstat, open } from 'node:fs/promises';
import { InputError, StorageFullError } from '../errors.js';
import { translateFsError } from './fs-errors.js';

/**
 * How every line appender opens its file: appending (O_APPEND: the kernel moves to the end and
 * writes in one step, so no writer overwrites another), created if missing, readable (to look at
 * the last byte), and never through a symbolic link (O_NOFOLLOW): a link planted in a folder
 * users can write to (a gold set's `additions.jsonl`, a log folder) would otherwise make the
 * server append to any file it may write, outside the folder. Windows has no O_NOFOLLOW.
 */
const APPEND_FLAGS = constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0);

/** Error codes that mean the disk (or the user's share of it) has no room for the write. */
const NO_ROOM = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/**
 * The three system calls an append makes, as an object so tests can swap one for a failing or
 * short version (`vi.spyOn(appendCalls, 'write')`) and play a full disk, which a test cannot
 * make portably (a tmpfs needs root).
 */
export const appendCalls = {
  write: async (handle: FileHandle, bytes: Buffer): Promise<number> =>
    (await handle.write(bytes, 0, bytes.length)).bytesWritten,
  sync: (handle: FileHandle): Promise<void> => handle.sync(),
  truncate: (handle: FileHandle, length: number): Promise<void> => handle.truncate(length),
};

/** Opens `file` for appending (see APPEND_FLAGS); a symbolic link is an InputError naming it. */
export async function openForAppend(file: string): Promise<FileHandle> {
  try {
    return await open(file, APPEND_FLAGS, 0o644);
  } catch (err) {
    // O_NOFOLLOW answers ELOOP for a link, the same code as a loop of links: lstat tells them apart.
    if ((err as NodeJS.ErrnoException).code === 'ELOOP' && (await isSymlink(file)))
      throw new InputError('is a symbolic link: appends never follow one (it could point outside the folder)', {
        file,
      });
    // Creating the file needs room too (a directory block, an inode).
    throw asWriteError(err, file);
  }
}

/**
 * Appends `bytes` to the open `file` (opened by openForAppend, `start` bytes long before this
 * write) in ONE write call, and fsyncs it when `sync`. If the write fails, comes up short, or the
 * fsync fails, the file is cut back to `start` before the error is thrown, so what a full disk
 * leaves is the file as it was, never a torn line: a reader would otherwise meet half a record,
 * and the next append's line would follow it. A short write is not finished with a second call,
 * which another writer's line could precede. Cutting back assumes no one else appended since
 * `start`: callers hold a lock (the gold additions) or are the file's only writer (the query log).
 * Running out of room is a StorageFullError (HTTP 507); other errors are thrown as they are.
 */
export async function appendWhole(
  handle: FileHandle,
  file: string,
  bytes: Buffer,
  start: number,
  options: { sync: boolean },
): Promise<void> {
  let failure: unknown;
  try {
    const written = await appendCalls.write(handle, bytes);
    if (written !== bytes.length)
      failure = new StorageFullError(
        `${file}: the disk took only ${written} of ${bytes.length} bytes (full?); nothing was kept`,
        file,
      );
    else if (options.sync) await appendCalls.sync(handle);
  } catch (err) {
    failure = err;
  }
  if (failure === undefined) return;
  await appendCalls.truncate(handle, start).catch((err: unknown) => {
    // Left as it is, the cut line is skipped by every reader, and the next append starts on a new line.
    console.error(`could not cut ${file} back to ${start} bytes after a failed append: ${String(err)}`);
  });
  throw asWriteError(failure, file);
}

function asWriteError(err: unknown, file: string): unknown {
  if (err instanceof StorageFullError) return err;
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code !== undefined && NO_ROOM.has(code))
    return new StorageFullError(`${file}: no room left on the disk (${code}); nothing was written`, file);
  return translateFsError(err, file);
}

async function isSymlink(file: string): Promise<boolean> {
  try {
    return (await lstat(file)).isSymbolicLink();
  } catch {
    return false;
  }
}
