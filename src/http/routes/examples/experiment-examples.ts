import type { OperationExample } from './operation-example.js';

/**
 * An experiment over the demo corpus: BM25 against hybrid on its 353 gold queries (35 without
 * judgements), as experiments/demo-grid.yaml would run it. The per-query rows show two of the
 * queries; a real report has one per answerable query.
 */
const YAML = `name: demo-grid
corpus: corpora/demo
metrics: [ndcg@10, mrr@10]
slices: [type]
baseline: bm25
grid:
  chunkers: ['structure:64']
  embedders: [use-lite]
  retrievers:
    - { name: bm25, mode: bm25 }
    - { name: hybrid, mode: hybrid, fusion: rrf }
`;

const index = {
  chunker: 'structure:64',
  embedder: 'use-lite',
  tokenizer: 'multilingual',
  embedderId: 'use-lite',
  sizeBytes: 3_416_064,
  buildSeconds: 41.7,
  reused: true,
  chunks: 1327,
  truncatedChunks: 0,
};

const miss = {
  queryId: 'q003',
  query: 'files keep getting duplicated',
  tags: { type: 'how-to', source: 'real', popularity: 'head' },
  gold: [
    { id: 'troubleshoot-sync-conflicts', grade: 2 },
    { id: 'error-e2003', grade: 2 },
    { id: 'faq-sync', grade: 1 },
  ],
  firstRelevantRank: 7,
  bucket: 'rerank-window',
  foundBy: 'dense only',
  cause: 'vocabulary-mismatch',
  answersAcrossChunks: [],
};

const bm25 = {
  name: 'bm25',
  retriever: { name: 'bm25', mode: 'bm25' },
  kind: 'lexical',
  pipeline: { legs: [{ type: 'lexical', name: 'bm25', engine: 'postings' }], k: 100, level: 'doc' },
  index,
  latency: { p50: 2.9, p95: 6.4 },
  means: { 'ndcg@10': 0.6121, 'mrr@10': 0.5874 },
  perQuery: { q001: { 'ndcg@10': 1, 'mrr@10': 1 }, q002: { 'ndcg@10': 0.3869, 'mrr@10': 0.3333 } },
  slices: [
    { label: 'all', n: 318, means: { 'ndcg@10': 0.6121, 'mrr@10': 0.5874 } },
    { label: 'type=identifier', n: 98, means: { 'ndcg@10': 0.9512, 'mrr@10': 1 } },
  ],
  legs: [{ label: 'all', zeroHit: 0 }],
  failures: [miss],
  resumed: false,
  judged: { k: 10, mean: 0.2147 },
};

const hybrid = {
  ...bm25,
  name: 'hybrid',
  retriever: { name: 'hybrid', mode: 'hybrid', fusion: 'rrf' },
  kind: 'fused',
  pipeline: {
    legs: [
      { type: 'lexical', name: 'bm25', engine: 'postings' },
      { type: 'dense', name: 'dense' },
    ],
    k: 100,
    level: 'doc',
    fusion: { method: 'rrf', norm: 'minmax', rrfK: 60, weights: [1, 1], depth: 100 },
  },
  latency: { p50: 31.6, p95: 44.2 },
  means: { 'ndcg@10': 0.6843, 'mrr@10': 0.6512 },
  perQuery: { q001: { 'ndcg@10': 1, 'mrr@10': 1 }, q002: { 'ndcg@10': 0.6309, 'mrr@10': 0.5 } },
  slices: [
    { label: 'all', n: 318, means: { 'ndcg@10': 0.6843, 'mrr@10': 0.6512 } },
    { label: 'type=identifier', n: 98, means: { 'ndcg@10': 0.9012, 'mrr@10': 0.9167 } },
  ],
  legs: [{ label: 'all', zeroHit: 0, carried: { bm25: 0.4118, dense: 0.4706, both: 0.1176 } }],
  significance: {
    'ndcg@10': { meanDiff: 0.0722, ci: [0.0113, 0.1356], p: 0.0801, adjustedP: 0.0801, significant: false },
    'mrr@10': { meanDiff: 0.0638, ci: [-0.0041, 0.1347], p: 0.1194, adjustedP: 0.1194, significant: false },
  },
  bestSingle: { name: 'bm25', means: { 'ndcg@10': 0.6121, 'mrr@10': 0.5874 } },
  failures: [],
  judged: { k: 10, mean: 0.2235 },
};

/** The report GET /experiments/{id} carries once done, and download/report.json answers. */
export const demoReport = {
  name: 'demo-grid',
  createdAt: '2026-11-30T14:02:11.503Z',
  testbedVersion: '0.1.0',
  config: {
    name: 'demo-grid',
    corpus: 'demo',
    level: 'doc',
    ks: [1, 3, 5, 10, 20, 100],
    context_k: 5,
    rerank_depth: 50,
    metrics: ['ndcg@10', 'mrr@10'],
    slices: ['type'],
    relevance_threshold: 1,
    baseline: 'bm25',
    seed: 42,
    significance: { test: 'randomization', correction: 'holm', alpha: 0.05 },
    grid: {
      chunkers: ['structure:64'],
      embedders: ['use-lite'],
      tokenizers: ['auto'],
      retrievers: [bm25.retriever, hybrid.retriever],
    },
    checks: [],
    tune: [],
    output: 'demo-grid',
  },
  level: 'doc',
  queries: {
    total: 353,
    answerable: 318,
    // biome-ignore format: one id list
    unanswerable: ['q013', 'q059', 'q060', 'q235', 'q236', 'q237', 'q238', 'q239', 'q240', 'q241', 'q242', 'q243', 'q244', 'q245', 'q246', 'q247', 'q248', 'q249', 'q250', 'q251', 'q252', 'q253', 'q254', 'q264', 'q274', 'q284', 'q295', 'q296', 'q347', 'q348', 'q349', 'q350', 'q351', 'q352', 'q353'],
  },
  metrics: ['ndcg@10', 'mrr@10'],
  curveKs: [1, 3, 5, 10, 20, 100],
  contextK: 5,
  rerankDepth: 50,
  retrievalDepth: 100,
  baseline: 'bm25',
  sliceFields: ['type'],
  configs: [bm25, hybrid],
  allPairs: {
    test: 'randomization',
    correction: 'holm',
    alpha: 0.05,
    trials: 10000,
    seed: 42,
    queries: 318,
    configs: ['bm25', 'hybrid'],
    pairs: {
      'ndcg@10': [{ a: 'bm25', b: 'hybrid', meanDiff: -0.0722, p: 0.0801, adjustedP: 0.0801, significant: false }],
      'mrr@10': [{ a: 'bm25', b: 'hybrid', meanDiff: -0.0638, p: 0.1194, adjustedP: 0.1194, significant: false }],
    },
  },
  checks: [],
  wallSeconds: 58.3,
};

const job = {
  id: 'c0a8f6d2-41b7-4c3e-9f25-7e1d0b6a9c84',
  name: 'demo-grid',
  state: 'done',
  startedAt: '2026-11-30T14:01:13.214Z',
  finishedAt: '2026-11-30T14:02:11.503Z',
  progress: { phase: 'done', done: 2, total: 2 },
  output: 'demo-grid',
};

const experimentId = { id: job.id };

export const experimentExamples: Record<string, OperationExample> = {
  listExperiments: {
    response: {
      status: '200',
      value: {
        experiments: [job],
        saved: [
          {
            name: demoReport.config.output,
            createdAt: demoReport.createdAt,
            configurations: demoReport.configs.length,
            queries: demoReport.queries.answerable,
          },
        ],
      },
    },
  },
  startExperiment: {
    requestBody: { yaml: YAML },
    response: {
      status: '202',
      value: { id: job.id, name: 'demo-grid', state: 'running', output: 'demo-grid' },
    },
  },
  getExperiment: { parameters: experimentId, response: { status: '200', value: { ...job, report: demoReport } } },
  cancelExperiment: {
    parameters: experimentId,
    response: {
      status: '200',
      value: {
        ...job,
        state: 'cancelled',
        progress: { phase: 'retrieving', cell: 'structure:64 use-lite', done: 1, total: 2 },
      },
    },
  },
  downloadReportMarkdown: {
    parameters: experimentId,
    response: {
      status: '200',
      mediaType: 'text/markdown',
      value:
        '# demo-grid\n\n| config | ndcg@10 | mrr@10 |\n|---|---|---|\n| bm25 | 0.6121 | 0.5874 |\n| hybrid | 0.6843 | 0.6512 |\n',
    },
  },
  downloadMetricsCsv: {
    parameters: experimentId,
    response: {
      status: '200',
      mediaType: 'text/csv',
      value:
        'config,slice,queries,metric,value\nbm25,all,318,ndcg@10,0.6121\nbm25,all,318,mrr@10,0.5874\nhybrid,all,318,ndcg@10,0.6843\n',
    },
  },
  downloadPerQueryCsv: {
    parameters: experimentId,
    response: {
      status: '200',
      mediaType: 'text/csv',
      value:
        'config,query,text,type,ndcg@10,mrr@10\nbm25,q001,error E1042 on login,identifier,1,1\nhybrid,q001,error E1042 on login,identifier,0.6309297535714575,0.5\n',
    },
  },
  downloadReportJson: { parameters: { id: 'demo-grid' }, response: { status: '200', value: demoReport } },
  downloadRunFile: {
    parameters: { id: 'demo-grid', file: 'hybrid.trec' },
    response: {
      status: '200',
      mediaType: 'text/plain',
      value: 'q001 Q0 error-e1042 1 0.0328 hybrid\nq001 Q0 troubleshoot-login 2 0.0317 hybrid\n',
    },
  },
};
