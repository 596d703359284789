import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { translateFsError } from './fs-errors.js';
import { statPath, wrongKind } from './path-kind.js';

/** Extensions read from a folder corpus, lower-cased. */
export const FOLDER_EXTENSIONS: ReadonlySet<string> = new Set(['.md', '.markdown', '.txt']);

/**
 * Lists the document files under `dir`, recursively, as absolute paths sorted by their id. Hidden
 * files and folders (`.git`, `.obsidian`, ...) are skipped. Symlinked files are followed;
 * symlinked folders are not, since they can form cycles, and a dangling symlink is skipped. A
 * document-named entry that cannot be read as a file (a symlink loop, a FIFO, a socket, a folder
 * it may not list) is an InputError naming it: skipping it would silently drop a document.
 */
export async function listFolderFiles(dir: string): Promise<string[]> {
  const ids: string[] = [];
  await walk(dir, '', ids);
  // Plain code-unit order: the same on every machine, unlike localeCompare.
  ids.sort();
  return ids.map((id) => join(dir, ...id.split('/')));
}

/** A folder document's id: its path relative to the folder, with `/` on every platform. */
export function folderDocId(root: string, file: string): string {
  return relative(root, file).split(sep).join('/');
}

async function walk(root: string, prefix: string, out: string[]): Promise<void> {
  const folder = join(root, ...prefix.split('/'));
  let entries: Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (err) {
    throw translateFsError(err, folder);
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const id = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) await walk(root, id, out);
    else if (FOLDER_EXTENSIONS.has(extname(entry.name).toLowerCase()) && (await isDocument(root, id, entry))) {
      out.push(id);
    }
  }
}

async function isDocument(root: string, id: string, entry: Dirent): Promise<boolean> {
  if (entry.isFile()) return true;
  const file = join(root, ...id.split('/'));
  const info = await statPath(file);
  if (info === undefined) return false; // a dangling symlink is not a document
  if (info.isFile()) return true;
  if (info.isDirectory()) return false; // a symlinked folder (named like a document): not followed
  throw wrongKind(file, info, 'file');
}
