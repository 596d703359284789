import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { InputError, NotFoundError } from '../errors.js';
import { translateFsError } from './fs-errors.js';

/** What a reader expects to find at a path. */
export type WantedKind = 'file' | 'folder';

/**
 * What is at `path` after following symbolic links, or undefined if nothing is (ENOENT, or
 * ENOTDIR: a file where a parent folder should be). Anything else a user can cause (a symlink
 * loop, a folder they may not read) is an InputError naming the path, so callers cannot turn it
 * into a misleading "not found" or let a raw ELOOP reach the user.
 */
export async function statPath(path: string): Promise<Stats | undefined> {
  try {
    return await stat(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw translateFsError(err, path);
  }
}

/** "a folder", "a FIFO (named pipe)", ...: what a message says was found instead. */
export function describeKind(info: Stats): string {
  if (info.isFile()) return 'a file';
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  return 'neither a file nor a folder';
}

/** Whether `info` is what was wanted: a regular file, or a folder. */
export function isKind(info: Stats, want: WantedKind): boolean {
  return want === 'file' ? info.isFile() : info.isDirectory();
}

/** The InputError for `path` being something other than `want`, e.g. "expected a file but found a FIFO". */
export function wrongKind(path: string, info: Stats, want: WantedKind, hint = ''): InputError {
  return new InputError(`expected ${want === 'file' ? 'a file' : 'a folder'} but found ${describeKind(info)}${hint}`, {
    file: path,
  });
}

/**
 * Throws unless `path` is a regular file. Run before opening: a FIFO would block the read until
 * some other process writes to it, and a device like /dev/zero would never end.
 */
export async function requireFile(path: string): Promise<void> {
  const info = await statPath(path);
  if (info === undefined) throw new NotFoundError(`file not found: ${path}`);
  if (!info.isFile()) throw wrongKind(path, info, 'file');
}
