/**
 * The operationId of every `METHOD /path` the server answers, in one table: the names a generated
 * client calls its functions by (openapi-typescript's `operations`, openapi-generator's methods).
 * They are part of the API: renaming one breaks every client generated from the document, so a
 * row is added for a new route and never changed for an old one. test/http/openapi-operations.test.ts
 * fails when an operation has no row here, or two rows share a name.
 */
export const OPERATION_IDS: Record<string, string> = {
  'GET /': 'playgroundPage',
  'GET /judge': 'judgePage',
  'GET /assets/{name}': 'getPageAsset',
  'GET /openapi.json': 'getOpenApiDocument',
  'GET /docs': 'apiDocsPage',
  'GET /docs/assets/{name}': 'getApiDocsAsset',
  'GET /health': 'getHealth',
  'GET /search': 'search',
  'POST /search': 'searchWithBody',
  'GET /search/{mode}': 'searchByMode',
  'POST /search/{mode}': 'searchByModeWithBody',
  'POST /events': 'recordEvents',
  'GET /traffic': 'getTrafficSummary',
  'GET /traffic/interleavings': 'getTrafficInterleavings',
  'GET /traffic/samples': 'listTrafficSamples',
  'POST /traffic/samples': 'startTrafficSample',
  'GET /traffic/samples/{id}': 'getTrafficSample',
  'GET /traffic/judgements': 'listTrafficJudgements',
  'POST /traffic/judgements': 'startTrafficJudgement',
  'GET /traffic/judgements/{id}': 'getTrafficJudgement',
  'GET /indexes': 'listIndexes',
  'POST /indexes': 'buildIndex',
  'GET /indexes/{name}': 'getIndex',
  'DELETE /indexes/{name}': 'deleteIndex',
  'GET /experiments': 'listExperiments',
  'POST /experiments': 'startExperiment',
  'GET /experiments/{id}': 'getExperiment',
  'DELETE /experiments/{id}': 'cancelExperiment',
  'GET /experiments/diff': 'reportDiffPage',
  'GET /experiments/{id}/queries': 'reportQueriesPage',
  'GET /experiments/{id}/download/report.md': 'downloadReportMarkdown',
  'GET /experiments/{id}/download/metrics.csv': 'downloadMetricsCsv',
  'GET /experiments/{id}/download/per-query.csv': 'downloadPerQueryCsv',
  'GET /experiments/{id}/download/report.json': 'downloadReportJson',
  'GET /experiments/{id}/download/runs/{file}': 'downloadRunFile',
  'GET /gold': 'listJudgements',
  'POST /gold': 'addJudgement',
  'DELETE /gold': 'removeJudgements',
  'GET /gold/queries': 'listExpertQueries',
  'POST /gold/queries': 'addExpertQuery',
};
