/**
 * The smallest request each operation of /openapi.json takes: its required parameters and the
 * fewest body fields the server accepts, every defaulted field left out (issue 43). A generated
 * client has to accept each of these as written; test/http/openapi-typescript-client.test.ts
 * compiles them against openapi-typescript's types and checks each against the document's schemas.
 * Keyed by operationId, so an operation added to the document without a row here fails that test.
 */
export interface MinimalRequest {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  params?: { path?: Record<string, string>; query?: Record<string, unknown> };
  body?: unknown;
}

const report = { path: { id: 'bm25-dense-hybrid' } };
const get = (path: string, params?: MinimalRequest['params']): MinimalRequest => ({ method: 'GET', path, params });
const post = (path: string, body: unknown, params?: MinimalRequest['params']): MinimalRequest => ({
  method: 'POST',
  path,
  body,
  params,
});

/** operationId -> requests (an operation with two body forms has one of each). */
export const MINIMAL_REQUESTS: Record<string, MinimalRequest[]> = {
  playgroundPage: [get('/')],
  judgePage: [get('/judge')],
  getPageAsset: [get('/assets/{name}', { path: { name: 'app.css' } })],
  getOpenApiDocument: [get('/openapi.json')],
  apiDocsPage: [get('/docs')],
  getApiDocsAsset: [get('/docs/assets/{name}', { path: { name: 'swagger-ui.css' } })],
  getHealth: [get('/health')],
  search: [get('/search', { query: { index: 'demo', q: 'solar panels' } })],
  searchWithBody: [
    // The pipeline of the issue: two legs with none of their fields, fusion with its method only.
    post('/search', {
      index: 'demo',
      q: 'solar panels',
      legs: [{ type: 'lexical' }, { type: 'dense' }],
      fusion: { method: 'rrf' },
    }),
    post('/search', { index: 'demo', q: 'solar panels', legs: [{ type: 'lexical' }] }),
    post('/search', {
      index: 'demo',
      q: 'solar panels',
      legs: [{ type: 'lexical' }],
      rerank: { type: 'cross-encoder', model: 'Xenova/ms-marco-MiniLM-L-6-v2' },
    }),
    post('/search', { index: 'demo', q: 'solar panels', mode: 'hybrid' }),
    post('/search', { index: 'demo', q: 'solar panels', interleaving: 'bm25-vs-dense' }),
  ],
  searchByMode: [get('/search/{mode}', { path: { mode: 'bm25' }, query: { index: 'demo', q: 'solar panels' } })],
  searchByModeWithBody: [post('/search/{mode}', { index: 'demo', q: 'solar panels' }, { path: { mode: 'dense' } })],
  searchInterleaved: [get('/search/interleaved', { query: { index: 'demo', q: 'solar panels' } })],
  searchInterleavedWithBody: [post('/search/interleaved', { index: 'demo', q: 'solar panels' })],
  recordEvents: [
    post('/events', { action_name: 'click', query_id: '9b2f6a4e-0d5c-4f1e-8a77-3c1d2e4f5a6b' }),
    post('/events', [{ action_name: 'impression', query_id: '9b2f6a4e-0d5c-4f1e-8a77-3c1d2e4f5a6b' }]),
  ],
  getTrafficSummary: [get('/traffic')],
  getTrafficInterleavings: [get('/traffic/interleavings')],
  listTrafficSamples: [get('/traffic/samples')],
  startTrafficSample: [post('/traffic/samples', { method: 'pps', n: 50 })],
  getTrafficSample: [get('/traffic/samples/{id}', { path: { id: '9b2f6a4e-0d5c-4f1e-8a77-3c1d2e4f5a6b' } })],
  listTrafficJudgements: [get('/traffic/judgements')],
  startTrafficJudgement: [post('/traffic/judgements', { model: 'coec' })],
  getTrafficJudgement: [get('/traffic/judgements/{id}', { path: { id: '9b2f6a4e-0d5c-4f1e-8a77-3c1d2e4f5a6b' } })],
  listIndexes: [get('/indexes')],
  buildIndex: [post('/indexes', { name: 'demo2', corpus: 'corpora/demo' })],
  getIndex: [get('/indexes/{name}', { path: { name: 'demo' } })],
  deleteIndex: [{ method: 'DELETE', path: '/indexes/{name}', params: { path: { name: 'demo2' } } }],
  listExperiments: [get('/experiments')],
  startExperiment: [post('/experiments', { config: 'bm25-dense-hybrid.yaml' })],
  getExperiment: [get('/experiments/{id}', report)],
  cancelExperiment: [{ method: 'DELETE', path: '/experiments/{id}', params: report }],
  reportDiffPage: [get('/experiments/diff')],
  reportQueriesPage: [get('/experiments/{id}/queries', report)],
  downloadReportMarkdown: [get('/experiments/{id}/download/report.md', report)],
  downloadMetricsCsv: [get('/experiments/{id}/download/metrics.csv', report)],
  downloadPerQueryCsv: [get('/experiments/{id}/download/per-query.csv', report)],
  downloadReportJson: [get('/experiments/{id}/download/report.json', report)],
  downloadRunFile: [
    get('/experiments/{id}/download/runs/{file}', { path: { id: 'bm25-dense-hybrid', file: 'bm25.trec' } }),
  ],
  listJudgements: [get('/gold', { query: { qrels: 'corpora/demo/qrels/test.tsv' } })],
  addJudgement: [post('/gold', { qrels: 'corpora/demo/qrels/test.tsv', query_id: 'q001', doc_id: 'error-e1042' })],
  removeJudgements: [
    {
      method: 'DELETE',
      path: '/gold',
      params: { query: { qrels: 'corpora/demo/qrels/test.tsv', query_id: 'q001', doc_id: 'error-e1042' } },
    },
  ],
  listExpertQueries: [get('/gold/queries', { query: { qrels: 'corpora/demo/qrels/test.tsv' } })],
  addExpertQuery: [
    post('/gold/queries', {
      qrels: 'corpora/demo/qrels/test.tsv',
      text: 'how long do solar panels last',
      judge: 'ana',
      judgements: [{ doc_id: 'error-e1042', grade: 2 }],
    }),
  ],
};

/**
 * A TypeScript statement calling `client` (openapi-fetch) with the request, as a program would
 * write it: each value a literal, so the compiler checks every field against the generated types.
 */
export function clientCall(request: MinimalRequest): string {
  const init: Record<string, unknown> = {};
  if (request.params) init.params = request.params;
  if (request.body !== undefined) init.body = request.body;
  const args = Object.keys(init).length ? `, ${JSON.stringify(init)}` : '';
  return `await client.${request.method}('${request.path}'${args});`;
}
