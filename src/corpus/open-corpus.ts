import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { InputError, NotFoundError } from '../errors.js';
import type { Doc } from './types.js';
import { BEIR_CORPUS_FILE } from './beir-corpus.js';
import { translateFsError } from './fs-errors.js';
import { readFolderCorpus } from './folder-corpus.js';
import { listFolderFiles } from './folder-files.js';
import { readJsonlCorpus, type CorpusReadOptions } from './jsonl-corpus.js';
import { describeKind, statPath, wrongKind } from './path-kind.js';

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
  const info = await statPath(abs);
  if (info === undefined) throw new NotFoundError(`corpus not found: ${abs}`);
  if (info.isDirectory()) return openDirectory(abs, options);
  const jsonl = JSONL_EXTENSIONS.has(extname(abs).toLowerCase());
  if (jsonl && info.isFile()) {
    return { kind: 'jsonl', path: abs, files: [abs], docs: () => readJsonlCorpus(abs, options) };
  }
  // A FIFO or device named corpus.jsonl would block or never end: refuse it before reading.
  if (jsonl) throw wrongKind(abs, info, 'file');
  const why = `expected a BEIR folder (with ${BEIR_CORPUS_FILE}), a folder of .md/.markdown/.txt files, or a .jsonl/.json/.ndjson file`;
  const found = info.isFile() ? '' : `; found ${describeKind(info)}`;
  throw new InputError(`not a corpus: ${why}${found}`, { file: abs });
}

async function openDirectory(dir: string, options: CorpusReadOptions): Promise<CorpusSource> {
  // A folder we may not list would otherwise surface as "corpus.jsonl: permission denied".
  await access(dir, constants.R_OK | constants.X_OK).catch((err: unknown) => {
    throw translateFsError(err, dir);
  });
  const corpusFile = join(dir, BEIR_CORPUS_FILE);
  const corpusInfo = await statPath(corpusFile);
  if (corpusInfo?.isFile()) {
    return { kind: 'beir', path: dir, files: [corpusFile], docs: () => readJsonlCorpus(corpusFile, options) };
  }
  // A corpus.jsonl that is a folder (or a pipe) means a BEIR folder gone wrong, not a folder of
  // notes: say so rather than "no corpus.jsonl".
  if (corpusInfo !== undefined)
    throw wrongKind(
      corpusFile,
      corpusInfo,
      'file',
      `: a BEIR folder keeps its documents in the file ${BEIR_CORPUS_FILE}`,
    );
  const files = await listFolderFiles(dir);
  if (files.length === 0) {
    throw new InputError(`no ${BEIR_CORPUS_FILE} and no .md, .markdown or .txt files in this folder`, { file: dir });
  }
  return { kind: 'folder', path: dir, files, docs: () => readFolderCorpus(dir, files) };
}
