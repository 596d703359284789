import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { translateFsError } from './fs-errors.js';

/**
 * A sha256 (hex) over the files' names, relative to their common folder, and their bytes. Stored
 * with an index so a changed corpus is noticed; names are relative so moving the whole corpus
 * elsewhere keeps the hash. Files are streamed, and the order they are passed in does not matter.
 */
export async function hashFiles(files: string[]): Promise<string> {
  const absolute = files.map((file) => resolve(file));
  const root = commonFolder(absolute);
  const named = absolute
    .map((file) => ({ file, name: relative(root, file).split(sep).join('/') }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const outer = createHash('sha256');
  for (const { file, name } of named) {
    // NUL cannot occur in a file name, so name/digest pairs cannot run into each other.
    outer
      .update(name)
      .update('\0')
      .update(await hashFile(file))
      .update('\0');
  }
  return outer.digest('hex');
}

async function hashFile(file: string): Promise<Buffer> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  } catch (err) {
    throw translateFsError(err, file);
  }
  return hash.digest();
}

function commonFolder(files: string[]): string {
  const [first, ...rest] = files.map((file) => dirname(file).split(sep));
  if (first === undefined) return '';
  let length = first.length;
  for (const parts of rest) {
    let same = 0;
    while (same < length && parts[same] === first[same]) same += 1;
    length = same;
  }
  return first.slice(0, length).join(sep) || sep;
}
