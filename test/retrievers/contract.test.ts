import { beforeAll } from 'vitest';
import { createHashEmbedder } from '../../src/embedders/hash.js';
import { createDenseRetriever } from '../../src/retrievers/dense.js';
import { createFts5Retriever } from '../../src/retrievers/fts5-bm25.js';
import { runPipeline } from '../../src/pipeline/run-pipeline.js';
import type { Retriever } from '../../src/retrievers/types.js';
import { createPostingsRetriever } from '../../src/retrievers/postings-bm25.js';
import { createWinkRetriever } from '../../src/retrievers/wink-bm25.js';
import { bm25Analysis } from '../../src/store/bm25-analysis.js';
import { pipelineForMode } from '../../src/pipeline/search-spec.js';
import { IndexReader } from '../../src/store/index-reader.js';
import { buildTinyIndex } from '../helpers/tiny-index.js';
import { tmpDir } from '../helpers/tmp.js';
import { retrieverContract } from './retriever-contract.js';

const dir = tmpDir();
let reader: IndexReader;
const corpus = { docIds: new Set<string>(), chunkIds: new Set<string>() };
// The tiny fixture has one obvious answer for the error code.
const known = { query: 'E1042 session token expired', docId: 'error-e1042' };

beforeAll(async () => {
  const { file } = await buildTinyIndex(dir);
  reader = IndexReader.open(file);
  for (const c of reader.chunks()) {
    corpus.docIds.add(c.docId);
    corpus.chunkIds.add(c.id);
  }
});

const fts5 = async () => createFts5Retriever(reader);
const wink = async () => createWinkRetriever(reader.chunks());
const postings = async () => createPostingsRetriever(reader.postingsSource()!, bm25Analysis(reader.meta.tokenizer));
const dense = async () => createDenseRetriever(reader.loadVectors(), createHashEmbedder(64));
/** A leg retriever under the leg name the hybrid shorthand gives it. */
const named = (name: string, r: Retriever): Retriever => ({ name, search: (q, o) => r.search(q, o) });
/**
 * The hybrid shorthand's pipeline over legs bm25 (fts5) and dense, run by runPipeline (the
 * Searcher's path): k, level, filter and query language from each contract call.
 */
const hybrid =
  (params: Record<string, unknown> = {}) =>
  async (): Promise<Retriever> => {
    const pipeline = pipelineForMode('hybrid', { engine: 'fts5', ...params });
    const legs = [named('bm25', await fts5()), named('dense', await dense())];
    return {
      name: 'hybrid',
      search: (q, { k, level, filter, queryLang }) =>
        runPipeline(
          { pipeline: { ...pipeline, k, level }, legs, ...(filter && { filter }) },
          q,
          queryLang ? { queryLang } : {},
        ),
    };
  };

retrieverContract({ name: 'bm25-fts5', make: fts5, corpus, known });
retrieverContract({ name: 'bm25-wink', make: wink, corpus, known });
retrieverContract({ name: 'bm25-postings', make: postings, corpus, known });
retrieverContract({ name: 'dense (hash embedder)', make: dense, corpus, known });
retrieverContract({ name: 'hybrid rrf', make: hybrid(), corpus, known, fusesDocumentLists: true });
retrieverContract({
  name: 'hybrid score fusion',
  make: hybrid({ fusion: 'score' }),
  corpus,
  known,
  fusesDocumentLists: true,
});
