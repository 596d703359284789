import type { OperationExample } from './operation-example.js';

/** The demo index `npm start` builds (corpora/demo, structure:64 chunks, use-lite embeddings). */
const meta = {
  schemaVersion: 2,
  corpus: {
    path: 'demo',
    kind: 'beir',
    contentHash: '7702216d197524ae896d65f8716604bd921698731b1e2b6f05beacaf9ea15293',
  },
  chunker: 'structure:64',
  tokenizer: 'multilingual',
  embedder: { id: 'use-lite', dims: 512, maxTokens: 128 },
  counts: { documents: 270, chunks: 1327, vectors: 1327, maxChunksPerDoc: 19, truncatedChunks: 0, skippedEmpty: 0 },
  languages: { en: 224, de: 13, es: 11, fr: 11, ja: 11 },
  build: {
    startedAt: '2026-11-30T13:52:40.118Z',
    seconds: 212.4,
    embedSeconds: 203.9,
    embeddings: { fromCache: 0, embedded: 1327 },
    testbedVersion: '0.1.0',
  },
};

const request = { name: 'demo-small', corpus: 'corpora/demo', chunker: 'structure:32', embedder: 'use-lite' };
/** The request as the build job records it: the name is the job's, the defaults filled in. */
const recorded = { corpus: 'demo', chunker: 'structure:32', embedder: 'use-lite', tokenizer: 'auto' };
const job = {
  name: 'demo-small',
  state: 'running',
  startedAt: '2026-11-30T14:10:02.871Z',
  request: recorded,
  progress: { phase: 'embedding', done: 410, total: 2391 },
  notices: [],
};

const demo = { name: 'demo', status: 'ready', meta, job: null };

export const indexExamples: Record<string, OperationExample> = {
  listIndexes: { response: { status: '200', value: { indexes: [demo] } } },
  buildIndex: { requestBody: request, response: { status: '202', value: { job } } },
  getIndex: { parameters: { name: 'demo' }, response: { status: '200', value: demo } },
  deleteIndex: { parameters: { name: 'demo-small' }, response: { status: '200', value: { deleted: 'demo-small' } } },
};
