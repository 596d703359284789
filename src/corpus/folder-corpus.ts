import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { InputError } from '../errors.js';
import type { Doc } from './types.js';
import { folderDocId, listFolderFiles } from './folder-files.js';
import { translateFsError } from './fs-errors.js';
import { markdownTitle } from './markdown-title.js';
import { decodeFile } from './utf8.js';

const TITLE_FROM_HEADING: ReadonlySet<string> = new Set(['.md', '.markdown']);

/**
 * Streams a folder of .md/.txt/.markdown files as documents, one per file, in id order. Pass
 * `files` (from `listFolderFiles`) to read exactly the set that was listed and hashed.
 */
export async function* readFolderCorpus(dir: string, files?: string[]): AsyncGenerator<Doc> {
  for (const file of files ?? (await listFolderFiles(dir))) yield await readFolderDoc(dir, file);
}

/**
 * Reads one file as a document. The text is the whole content as decoded (only a leading BOM is
 * dropped), so chunk offsets into it match the file. The title is the first markdown heading,
 * else the file name without its extension.
 */
export async function readFolderDoc(root: string, file: string): Promise<Doc> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (err) {
    throw translateFsError(err, file);
  }
  const text = decodeFile(bytes, file);
  if (text.trim() === '') throw new InputError('file is empty', { file, line: 1, field: 'text' });
  const extension = extname(file);
  const heading = TITLE_FROM_HEADING.has(extension.toLowerCase()) ? markdownTitle(text) : undefined;
  return { id: folderDocId(root, file), title: heading ?? basename(file, extension), text };
}
