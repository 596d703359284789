import fs from 'node:fs';
import { Searcher } from '../../src/search/searcher.js';

/** Writes `records` as a JSONL corpus file (one JSON object per line, newline-terminated). */
export function writeJsonl(file: string, records: readonly object[]): void {
  fs.writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
}

/** A Searcher over an index built with `--embedder none`: asking it for an embedder is a test bug. */
export function lexicalSearcher(name: string, file: string): Searcher {
  return new Searcher(name, file, () => Promise.reject(new Error('lexical only')));
}
