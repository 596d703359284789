import { beforeAll } from 'vitest';
import { createHashEmbedder } from '../../src/embedders/hash.js';
import { DEFAULT_FUSION, FUSION_DEFAULTS } from '../../src/fusion/options.js';
import { createDenseRetriever } from '../../src/retrievers/dense.js';
import { createFts5Retriever } from '../../src/retrievers/fts5-bm25.js';
import { createHybridRetriever } from '../../src/retrievers/hybrid.js';
import type { Retriever } from '../../src/retrievers/types.js';
import { createWinkRetriever } from '../../src/retrievers/wink-bm25.js';
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
const dense = async () => createDenseRetriever(reader.loadVectors(), createHashEmbedder(64));
const hybrid = (fusion = DEFAULT_FUSION) => async (): Promise<Retriever> =>
  createHybridRetriever(await fts5(), await dense(), fusion);

retrieverContract({ name: 'bm25-fts5', make: fts5, corpus, known });
retrieverContract({ name: 'bm25-wink', make: wink, corpus, known });
retrieverContract({ name: 'dense (hash embedder)', make: dense, corpus, known });
retrieverContract({ name: 'hybrid rrf', make: hybrid(), corpus, known, fusesDocumentLists: true });
retrieverContract({ name: 'hybrid score fusion', make: hybrid(FUSION_DEFAULTS.score), corpus, known, fusesDocumentLists: true });
