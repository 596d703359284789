import { stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { InputError, NotFoundError } from '../errors.js';
import type { Doc } from './types.js';
import { BEIR_CORPUS_FILE } from './beir-corpus.js';
import { readFolderCorpus } from './folder-corpus.js';
import { listFolderFiles } from './folder-files.js';
import { readJsonlCorpus, type CorpusReadOptions } from './jsonl-corpus.js';

export type CorpusKind = 'beir' | 'folder' | 'jsonl';

/** A corpus on disk, opened but not yet read. */
export interface CorpusSource {
  kind: CorpusKind;
  /** Absolute path of the folder or file that was opened. */
  path: string;
  /** Absolute paths of the files that hold documents, sorted; what `hashFiles` should hash. */
  files: string[];
  /** Streams the documents; each call reads the files again from the start. */
  docs(): AsyncGenerator<Doc>;
}

const JSONL_EXTENSIONS: ReadonlySet<string> = new Set(['.jsonl', '.json', '.ndjson']);

/**
 * Opens a corpus, deciding its kind from what is on disk: a folder with corpus.jsonl is BEIR,
 * any other folder is a folder of text files, a .jsonl/.json/.ndjson file is JSON Lines.
 */
export async function openCorpus(path: string, options: CorpusReadOptions = {}): Promise<CorpusSource> {
  const abs = resolve(path);
  const info = await statOrUndefined(abs);
  if (info === undefined) throw new NotFoundError(`corpus not found: ${abs}`);
  if (info.isDirectory()) return openDirectory(abs, options);
  if (info.isFile() && JSONL_EXTENSIONS.has(extname(abs).toLowerCase())) {
    return { kind: 'jsonl', path: abs, files: [abs], docs: () => readJsonlCorpus(abs, options) };
  }
  const why = `expected a BEIR folder (with ${BEIR_CORPUS_FILE}), a folder of .md/.markdown/.txt files, or a .jsonl/.json/.ndjson file`;
  throw new InputError(`not a corpus: ${why}`, { file: abs });
}

async function openDirectory(dir: string, options: CorpusReadOptions): Promise<CorpusSource> {
  const corpusFile = join(dir, BEIR_CORPUS_FILE);
  if ((await statOrUndefined(corpusFile))?.isFile()) {
    return { kind: 'beir', path: dir, files: [corpusFile], docs: () => readJsonlCorpus(corpusFile, options) };
  }
  const files = await listFolderFiles(dir);
  if (files.length === 0) {
    throw new InputError(`no ${BEIR_CORPUS_FILE} and no .md, .markdown or .txt files in this folder`, { file: dir });
  }
  return { kind: 'folder', path: dir, files, docs: () => readFolderCorpus(dir, files) };
}

async function statOrUndefined(path: string): Promise<Stats | undefined> {
  try {
    return await stat(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw err;
  }
}
