import {
  error,
  html,
  json,
  type Operation,
  pathParam,
  query,
  rankingReadErrors,
  text,
} from '../openapi/operation-parts.js';
import { searchParameters } from './search-parameters.js';
import { ExperimentReport } from './report-answers.js';
import { refTo } from '../openapi/components.js';

const experimentId = pathParam(
  'id',
  'a job id from POST /experiments, or the folder name of a report saved under the results folder',
);

/** A download of a finished report; report.json's body is the ExperimentReport schema, the others text. */
const download = (operationId: string, type: string, what: string): Operation => ({
  operationId,
  tags: ['experiments'],
  summary: `Download ${what}`,
  parameters: [experimentId],
  responses: {
    '200': type === 'application/json' ? json(refTo(ExperimentReport), what) : text(type, what),
    '404': error('no such experiment'),
    '409': error('still running'),
    ...rankingReadErrors,
  },
});

/** The OpenAPI operations of the pages for people (routes/ui.ts) and the report downloads beside them. */
export const PAGE_OPERATIONS = {
  playgroundPage: {
    operationId: 'playgroundPage',
    tags: ['pages'],
    summary: 'Playground: one query against BM25, dense and hybrid side by side, or the two to four columns picked',
    description:
      'Takes the search parameters (all optional here), plus `qrels` (a qrels path inside the corpora root) and `qid` to mark judged hits and score the lists. Below the playground, the Traffic section: the query log summarised as GET /traffic answers it (with --log-queries DIR; not shown under --protect-search).',
    parameters: [
      ...searchParameters.map((p) => ({ ...p, required: false })),
      query('qrels', 'gold set: a qrels file inside the corpora root', { type: 'string' }),
      query('qid', 'query id of the gold set; with an empty q its text is searched', { type: 'string' }),
      query(
        'col',
        'a column to compare, repeated two to four times: [INDEX:]RETRIEVER[:KNOB=VALUE;...] (retriever bm25, dense or hybrid; the index and the search parameters above hold where the column sets none). None: BM25, dense and hybrid on `index`. Each hit after the first column is marked with its rank move against the first column',
        { type: 'array', items: { type: 'string' } },
      ),
    ],
    responses: {
      '200': html('the playground'),
      '400': html('the playground, naming the bad parameter (one column, or more than four, among them)'),
      '404': html('the playground, naming the unknown index'),
    },
  },
  judgePage: {
    operationId: 'judgePage',
    tags: ['pages'],
    summary: "Judging page: grade a pool's unjudged (query, document) pairs, blind, in a seeded order",
    description:
      "Choose a gold set and a pool (a pool file written by testbed pool or an experiment with pool_depth, or a saved experiment, whose configurations' top documents the page pools itself), give your name, then grade one pair at a time with the keys 0-3 (j/k move, u undo, n note). Judgements go through POST /gold with source human and the judge name. With ask=QUESTION the page searches a question of the judge's own with every leg and lists what they found to grade; POST /gold/queries creates it with its judgements (source expert).",
    parameters: [
      query('qrels', 'gold set: a qrels file inside the corpora root', { type: 'string' }),
      query(
        'pool',
        'pool file: results:PATH or corpora:PATH; or experiment:NAME, a report saved under the results root',
        {
          type: 'string',
        },
      ),
      query('depth', "for experiment:NAME, how many of each configuration's top documents per query (default 10)", {
        type: 'integer',
      }),
      query('judge', 'who judges: pairs they judged are skipped', { type: 'string' }),
      query('seed', "shuffle seed; by default the pool's own (a hash of its pairs)", { type: 'integer' }),
      query('at', 'position among the pairs left to judge (0-based)', { type: 'integer' }),
      query(
        'ask',
        "a question of the judge's own: searched with every leg over the gold set's index, the documents found listed to grade",
        { type: 'string' },
      ),
      query('created', 'a question just created (POST /gold/queries): the page confirms it', { type: 'string' }),
      query('query_id', 'show this pair, if still to judge (with doc_id)', { type: 'string' }),
      query('doc_id', 'show this pair, if still to judge (with query_id)', { type: 'string' }),
    ],
    responses: {
      '200': html('the judging page'),
      '400': html('the judging page, naming the bad parameter or file'),
      '404': html('the judging page, naming the file not found'),
      '401': html('with --protect-search and no token: a page saying the token is needed (pools are rankings)'),
      '403': html('with --protect-search and a wrong token'),
    },
  },
  getPageAsset: {
    operationId: 'getPageAsset',
    tags: ['pages'],
    summary: "The pages' stylesheet and script",
    parameters: [pathParam('name', 'asset file', { type: 'string', enum: ['app.css', 'app.js'] })],
    responses: {
      '200': {
        description: 'the file',
        content: { 'text/css': { schema: { type: 'string' } }, 'text/javascript': { schema: { type: 'string' } } },
      },
      '404': error('no such asset'),
    },
  },
  reportDiffPage: {
    operationId: 'reportDiffPage',
    tags: ['pages'],
    summary: 'Diff page: two finished reports side by side, as `testbed diff` prints them',
    description:
      "Configurations matched by name (those in one report only named); each mean as B − A per metric, a difference that prints as 0.0000 called a tie; per configuration its wins, losses and ties query by query on the metric, and the queries that moved most, each linked to its row on both reports' per-query pages. Without a and b, the form that picks two reports.",
    parameters: [
      query('a', 'report A (before): a job id or the folder name of a saved report', { type: 'string' }),
      query('b', 'report B (after)', { type: 'string' }),
      query('metric', "the per-query metric (default: A's primary metric)", { type: 'string' }),
      query('top', 'moved queries listed per configuration (default 10)', { type: 'integer' }),
    ],
    responses: {
      '200': html('the diff, or the form that picks two reports'),
      '400': html('the page, naming the bad parameter'),
      '404': html('the page, naming the report not found'),
    },
  },
  reportQueriesPage: {
    operationId: 'reportQueriesPage',
    tags: ['pages'],
    summary: "Per-query page: a report's queries, each configuration's value and its difference from a baseline",
    description:
      "Every answerable query with its text and slice values, each configuration's value of the metric and its difference from the baseline configuration, and each configuration's wins, losses and ties against it (a tie: equal at the printed precision). Sorted by the column heading clicked.",
    parameters: [
      experimentId,
      query('metric', "the metric shown (default: the report's primary metric)", { type: 'string' }),
      query('baseline', "the configuration compared with (default: the report's baseline)", { type: 'string' }),
      query('sort', 'query, slice:FIELD, value:CONFIG or delta:CONFIG', { type: 'string' }),
      query('dir', 'asc or desc', { type: 'string', enum: ['asc', 'desc'] }),
    ],
    responses: {
      '200': html('the per-query page'),
      '400': html('the page with its defaults, naming the bad parameter'),
      '404': html('no such experiment, or no report yet'),
    },
  },
  downloadReportMarkdown: download('downloadReportMarkdown', 'text/markdown', 'the report as Markdown'),
  downloadMetricsCsv: download(
    'downloadMetricsCsv',
    'text/csv',
    'the metrics as CSV (config, slice, queries, metric, value)',
  ),
  downloadPerQueryCsv: download(
    'downloadPerQueryCsv',
    'text/csv',
    "each answerable query's values as CSV (config, query, text, the slice fields, one column per metric)",
  ),
  downloadReportJson: download('downloadReportJson', 'application/json', 'the full report as JSON'),
  downloadRunFile: {
    operationId: 'downloadRunFile',
    tags: ['experiments'],
    summary: "One configuration's TREC run file (qid Q0 docid rank score tag)",
    parameters: [experimentId, pathParam('file', 'CONFIG.trec, the configuration name made file-safe')],
    responses: {
      '200': text('text/plain', 'the run file'),
      '404': error('no such experiment or run file'),
      '409': error('still running'),
      ...rankingReadErrors,
    },
  },
} satisfies Record<string, Operation>;

export { experimentId };
