import { VERSION } from '../../../version.js';
import type { OperationExample } from './operation-example.js';

/** The pages and the service routes, as `npm start` serves them over the demo index. */
const page = (title: string, body: string) =>
  `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${title} · retrieval testbed</title><link rel="stylesheet" href="/assets/app.css"></head>\n<body>${body}</body></html>`;

export const serviceExamples: Record<string, OperationExample> = {
  playgroundPage: {
    parameters: { index: 'demo', q: 'cant log in after changing pw', qrels: 'demo/qrels/test.tsv', qid: 'q002' },
    response: {
      status: '200',
      mediaType: 'text/html',
      value: page('Playground', '<main><h1>Playground</h1><form method="get" action="/">…</form></main>'),
    },
  },
  judgePage: {
    parameters: { qrels: 'demo/qrels/test.tsv', pool: 'experiment:demo-grid', depth: 10, judge: 'ana' },
    response: {
      status: '200',
      mediaType: 'text/html',
      value: page('Judge', '<main><h1>Judge</h1><p>q002 · cant log in after changing pw</p>…</main>'),
    },
  },
  reportDiffPage: {
    parameters: { a: 'demo-grid', b: 'demo-grid-v2', metric: 'ndcg@10', top: 5 },
    response: {
      status: '200',
      mediaType: 'text/html',
      value: page(
        'Diff: demo-grid-v2 against demo-grid',
        '<main><h1>Diff: demo-grid-v2 against demo-grid</h1><table id="mean-deltas">…<td>+0.0210</td><td>tie</td>…</table></main>',
      ),
    },
  },
  reportQueriesPage: {
    parameters: { id: 'demo-grid', metric: 'ndcg@10', baseline: 'bm25', sort: 'delta:hybrid', dir: 'asc' },
    response: {
      status: '200',
      mediaType: 'text/html',
      value: page(
        'Queries: demo-grid',
        '<main><h1>Queries: demo-grid</h1><table id="outcomes">…<td>12</td><td>5</td><td>301</td>…</table></main>',
      ),
    },
  },
  getPageAsset: {
    parameters: { name: 'app.css' },
    response: { status: '200', mediaType: 'text/css', value: 'body { font-family: system-ui, sans-serif; }\n…' },
  },
  getOpenApiDocument: {
    response: {
      status: '200',
      value: { openapi: '3.1.0', info: { title: 'retrieval testbed', version: VERSION }, paths: {} },
    },
  },
  apiDocsPage: {
    response: {
      status: '200',
      mediaType: 'text/html',
      value: page('API', '<div id="swagger-ui"></div><script src="/docs/assets/docs.js"></script>'),
    },
  },
  getApiDocsAsset: {
    parameters: { name: 'docs.css' },
    response: {
      status: '200',
      mediaType: 'text/css',
      value: 'body { margin: 0; font-family: system-ui, sans-serif; }\n…',
    },
  },
  getHealth: { response: { status: '200', value: { status: 'ok', version: VERSION, indexes: 1, unreadable: 0 } } },
};
