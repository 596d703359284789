import { join } from 'node:path';
import type { Doc } from './types.js';
import { readJsonlCorpus } from './jsonl-corpus.js';

/** The file inside a BEIR folder that holds the documents. */
export const BEIR_CORPUS_FILE = 'corpus.jsonl';

/** Streams the documents of a BEIR folder, which keeps them in `corpus.jsonl`. */
export function readBeirCorpus(dir: string): AsyncGenerator<Doc> {
  return readJsonlCorpus(join(dir, BEIR_CORPUS_FILE));
}
