import { closeSync, createReadStream, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { InputError } from '../../errors.js';
import { safeEntryPath } from './safe-entry-path.js';

/** How many bytes of the archive are read per step; bounds memory whatever the zip size. */
const READ_CHUNK = 1 << 20;

/**
 * Unzips `zipPath` into the existing folder `into`, streaming: the archive is read in 1 MiB
 * steps and each entry is written to disk as it inflates, so a multi-GB BEIR zip never sits in
 * memory. fflate's sync inflater is used on purpose: its callbacks run inside `push`, so the
 * synchronous writes there give natural back-pressure. Throws InputError (and stops) on the
 * first entry whose name escapes `into`, on a corrupt entry, or when the file holds no entries;
 * whatever was written before that stays in `into` for the caller to discard.
 * Returns the number of files written.
 */
export async function extractZip(zipPath: string, into: string): Promise<number> {
  const root = resolve(into);
  const open = new Set<number>();
  let failure: Error | undefined;
  let files = 0;

  const onFile = (file: UnzipFile): void => {
    if (failure) return;
    try {
      const dest = join(root, safeEntryPath(file.name));
      // Belt and braces: safeEntryPath already refuses anything that could resolve outside root.
      if (!dest.startsWith(root + sep))
        throw new InputError(`refusing zip entry ${JSON.stringify(file.name)}: it resolves outside ${root}`);
      if (file.name.endsWith('/') || file.name.endsWith('\\')) {
        mkdirSync(dest, { recursive: true });
        return;
      }
      mkdirSync(dirname(dest), { recursive: true });
      // 'wx': a second entry with the same name (or a planted file) is an error, never an overwrite.
      const fd = openSync(dest, 'wx');
      open.add(fd);
      files += 1;
      file.ondata = (err, data, final) => {
        if (failure) return;
        if (err) {
          failure = new InputError(
            `${zipPath}: entry ${JSON.stringify(file.name)} cannot be unzipped (${err.message})`,
          );
          return;
        }
        try {
          writeAll(fd, data);
          if (final) {
            open.delete(fd);
            closeSync(fd);
          }
        } catch (writeErr) {
          failure = writeErr as Error;
        }
      };
      file.start();
    } catch (err) {
      failure = err as Error;
    }
  };

  const unzip = new Unzip(onFile);
  unzip.register(UnzipInflate);
  // fflate throws plain Errors ("invalid zip data") on a damaged archive: name the file instead.
  const push = (chunk: Uint8Array, final: boolean): void => {
    try {
      unzip.push(chunk, final);
    } catch (err) {
      failure ??= new InputError(`${zipPath}: not a readable zip (${(err as Error).message}; truncated or damaged?)`);
    }
  };
  try {
    for await (const chunk of createReadStream(zipPath, { highWaterMark: READ_CHUNK })) {
      push(chunk as Buffer, false);
      if (failure) break;
    }
    if (!failure) push(new Uint8Array(0), true);
  } finally {
    for (const fd of open) closeSync(fd);
  }
  if (failure) throw failure;
  if (open.size > 0) throw new InputError(`${zipPath}: the archive ends in the middle of an entry (truncated zip?)`);
  if (files === 0) throw new InputError(`${zipPath}: not a zip archive, or one with no files in it`);
  return files;
}

function writeAll(fd: number, data: Uint8Array): void {
  let offset = 0;
  while (offset < data.length) offset += writeSync(fd, data, offset, data.length - offset);
}
