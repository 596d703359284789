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
