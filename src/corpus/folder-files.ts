import { readdir, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';

/** Extensions read from a folder corpus, lower-cased. */
export const FOLDER_EXTENSIONS: ReadonlySet<string> = new Set(['.md', '.markdown', '.txt']);

/**
 * Lists the document files under `dir`, recursively, as absolute paths sorted by their id. Hidden
 * files and folders (`.git`, `.obsidian`, ...) are skipped. Symlinked files are followed;
 * symlinked folders are not, since they can form cycles.
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
  const entries = await readdir(join(root, ...prefix.split('/')), { withFileTypes: true });
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const id = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) await walk(root, id, out);
    else if (FOLDER_EXTENSIONS.has(extname(entry.name).toLowerCase()) && (await isFile(root, id, entry.isFile()))) {
      out.push(id);
    }
  }
}

async function isFile(root: string, id: string, direct: boolean): Promise<boolean> {
  if (direct) return true;
  try {
    return (await stat(join(root, ...id.split('/')))).isFile();
  } catch {
    return false; // a dangling symlink is not a document
  }
}
