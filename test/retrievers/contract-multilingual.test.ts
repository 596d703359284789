import { afterAll, beforeAll } from 'vitest';
import type { Searcher } from '../../src/search/searcher.js';
import type { Engine } from '../../src/search/types.js';
import { pipelineForMode } from '../../src/pipeline/search-spec.js';
import { buildTinyIndex } from '../helpers/tiny-index.js';
import { tmpDir } from '../helpers/tmp.js';
import { retrieverContract } from './retriever-contract.js';
import { lexicalSearcher } from '../helpers/lexical-fixtures.js';

// Both lexical engines over pre-analysed indexes, through the Searcher as the server builds
// them: the same contract as over unicode61, with the language-aware analysis in the path.
const dir = tmpDir();
const TOKENIZERS = ['multilingual', 'multilingual-stop'] as const;
const searchers = new Map<string, Searcher>();
const corpus = { docIds: new Set<string>(), chunkIds: new Set<string>() };
const known = { query: 'E1042 session token expired', docId: 'error-e1042' };

beforeAll(async () => {
  for (const tokenizer of TOKENIZERS) {
    const { file } = await buildTinyIndex(dir, { tokenizer });
    const searcher = lexicalSearcher(tokenizer, file);
    searchers.set(tokenizer, searcher);
    for (const c of searcher.reader.chunks()) {
      corpus.docIds.add(c.docId);
      corpus.chunkIds.add(c.id);
    }
  }
});
afterAll(() => searchers.forEach((s) => s.close()));

// The bm25 shorthand's one leg, as the Searcher makes it (k and level come with each call).
const lexical = (tokenizer: string, engine: Engine) => async () =>
  (await searchers.get(tokenizer)!.prepare(pipelineForMode('bm25', { engine }))).legs[0]!;

for (const tokenizer of TOKENIZERS) {
  retrieverContract({ name: `bm25-fts5 (${tokenizer})`, make: lexical(tokenizer, 'fts5'), corpus, known });
  retrieverContract({ name: `bm25-wink (${tokenizer})`, make: lexical(tokenizer, 'wink'), corpus, known });
}
