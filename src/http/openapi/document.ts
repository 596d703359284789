import { DOCS_ASSET_NAMES } from '../../web/api-docs/docs-assets.js';
import { VERSION } from '../../version.js';
import { legTypes } from '../../legs/registry.js';
import { schemas } from './schemas.js';
import { INTERLEAVED_PARAMS } from './interleave-schemas.js';
import { OPERATION_IDS } from './operation-ids.js';
import { OPERATION_EXAMPLES } from './examples/operation-examples.js';
import { type Operation, withExample } from './examples/operation-example.js';
import { MAX_EVENTS_PER_REQUEST } from '../../traffic/ubi-events.js';
import { MODE_PARAM, SEARCH_PARAM_NAMES, SEARCH_PARAMS, type ParamSpec } from '../../search/request-params.js';

type Json = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json, description: string) => ({ description, content: { 'application/json': { schema } } });
const error = (description: string) => json(ref('Error'), description);
const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
const text = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: { type: 'string' } } },
});
const pathParam = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});
const query = (name: string, description: string, schema: Json, required = false) => ({
  name,
  in: 'query',
  required,
  description,
  schema,
});
/** State-changing endpoints need the bearer token when the server has one (TESTBED_TOKEN). */
const tokenNeeded = { security: [{ bearerToken: [] }] };
const tokenErrors = { '401': error('token missing (only when the server has a token)'), '403': error('wrong token') };
/** The reads that show rankings or judgements: behind the token with --protect-search, as searches are. */
const rankingReadErrors = {
  '401': error('token missing (only with --protect-search; a browser gets a page saying so)'),
  '403': error('wrong token (only with --protect-search)'),
};

// Derived from the one parameter table: the document cannot name a parameter the API does not take.
const searchParameters = SEARCH_PARAM_NAMES.map((name) => {
  const spec: ParamSpec = SEARCH_PARAMS[name];
  return query(name, spec.help, spec.schema, name === 'index' || name === 'q');
});

// The mode row's values; a path segment is never absent, so it has no default.
const { default: _always, ...modeValues } = MODE_PARAM.schema;
const modeParam = { name: 'mode', in: 'path', required: true, description: MODE_PARAM.help, schema: modeValues };
const experimentId = pathParam(
  'id',
  'a job id from POST /experiments, or the folder name of a report saved under the results folder',
);
/** A search's answer: the hits, and the query_id that events about them name (header and body). */
const searchAnswer = {
  ...json(ref('SearchResponse'), 'ranked hits'),
  headers: {
    'X-Query-Id': {
      description:
        'the query_id of this search (also the first field of the body); POST /events takes it. Exposed to --cors origins',
      schema: { type: 'string', format: 'uuid' },
    },
  },
};
const clientIdHeader = {
  name: 'X-Client-Id',
  in: 'header',
  required: false,
  description:
    "the caller's UBI client_id (a browser, a service, a bot), written with the search when the server logs queries (--log-queries)",
  schema: { type: 'string', maxLength: 100 },
};
/** An interleaved search's answer: the merged hits with their teams, and the query_id (header and body). */
const interleavedAnswer = {
  ...json(ref('InterleavedSearchResponse'), "the arms' hits merged, each with its team"),
  headers: searchAnswer.headers,
};
/** /search answers a search, or an interleaved one when the request names an interleaving. */
const searchOrInterleavedAnswer = {
  ...json(
    { oneOf: [ref('SearchResponse'), ref('InterleavedSearchResponse')] },
    "ranked hits; with interleaving, the arms' hits merged",
  ),
  headers: searchAnswer.headers,
};
const interleavedParameters = Object.entries(INTERLEAVED_PARAMS).map(([name, spec]) =>
  query(name, spec.help, spec.schema, name === 'index' || name === 'q'),
);
const INTERLEAVED_DESCRIPTION =
  "Each arm of the interleaving (testbed serve --interleave FILE) searches the index the normal way at the request's k and level; their lists are merged by the interleaving's method (team-draft, balanced, team-draft-multileave) with coin flips from a generator seeded by the query_id, and each hit carries its team. With a share below 1, the searches the seeded draw leaves out are answered by the first arm alone (interleaving null). The query log record carries the interleaving, its method, its arms and each shown hit's team. Other parameters answer 400.";
/** What only an interleaved search is refused for. */
const interleavedErrors = {
  '404': error('unknown index, or no interleaving of that name'),
  '409': error(
    "the server was started without --interleave, the index's embedding model is not available, or its file cannot be read (code index_unreadable)",
  ),
};
const searchErrors = {
  '400': error('bad parameter, or an X-Client-Id over 100 characters'),
  '404': error('unknown index'),
  '409': error("the index's embedding model is not available, or its file cannot be read (code index_unreadable)"),
};
/** A download of a finished report; report.json's body is the ExperimentReport schema, the others text. */
const download = (type: string, what: string) => ({
  get: {
    tags: ['experiments'],
    summary: `Download ${what}`,
    parameters: [experimentId],
    responses: {
      '200': type === 'application/json' ? json(ref('ExperimentReport'), what) : text(type, what),
      '404': error('no such experiment'),
      '409': error('still running'),
      ...rankingReadErrors,
    },
  },
});

/**
 * The three operations of one kind of traffic job (POST to start, GET to list, GET one to poll).
 * The GETs show what users searched, so with --protect-search they need the token too.
 */
function trafficJobPaths(
  segment: string,
  what: string,
  op: { summary: string; description: string; request: string; summarySchema: string },
): Json {
  const base = `/traffic/${segment}`;
  const readToken = {
    description: 'Needs the token when the server runs with --protect-search: the jobs show what users searched.',
  };
  const job = { ...ref('TrafficJob'), description: `a ${what} job; summary: ${op.summarySchema} once done` };
  return {
    [base]: {
      get: {
        tags: ['traffic'],
        summary: `Every ${what} job, oldest first, with its summary once done`,
        ...readToken,
        responses: {
          '200': json(
            { type: 'object', required: [segment], properties: { [segment]: { type: 'array', items: job } } },
            'the jobs',
          ),
          ...tokenErrors,
        },
      },
      post: {
        tags: ['traffic'],
        summary: op.summary,
        description: op.description,
        ...tokenNeeded,
        requestBody: { required: true, content: { 'application/json': { schema: ref(op.request) } } },
        responses: {
          '202': json(ref('TrafficJobStarted'), 'queued, or started at once when no other job runs'),
          '400': error('bad body (the message names the field), or a corpus outside the corpora root'),
          '404': error('corpus not found under the corpora root'),
          '409': error('the server does not log queries: start it with --log-queries DIR; or it is stopping'),
          ...tokenErrors,
        },
      },
    },
    [`${base}/{id}`]: {
      get: {
        tags: ['traffic'],
        summary: `One ${what} job: its state, and its summary once done`,
        ...readToken,
        parameters: [pathParam('id', `a job id from POST ${base}`)],
        responses: { '200': json(job, 'the job'), '404': error(`no ${what} job with this id`), ...tokenErrors },
      },
    },
  };
}

/** The answers of a route that serves a stylesheet or a script by name. */
function assetResponses(): Json {
  return {
    '200': {
      description: 'the file',
      content: { 'text/css': { schema: { type: 'string' } }, 'text/javascript': { schema: { type: 'string' } } },
    },
    '404': error('no such asset'),
  };
}

/**
 * Each operation with its operationId (operation-ids.ts) and its example (examples/). One left
 * out of the table stays without: test/http/openapi-operations.test.ts names it.
 */
function withOperations(paths: Record<string, Record<string, Json>>): Json {
  const named = (p: string, method: string, op: Json) => {
    const operationId = OPERATION_IDS[`${method.toUpperCase()} ${p}`];
    if (!operationId) return op;
    return withExample({ operationId, ...(op as Operation) }, OPERATION_EXAMPLES[operationId]);
  };
  return Object.fromEntries(
    Object.entries(paths).map(([p, ops]) => [
      p,
      Object.fromEntries(Object.entries(ops).map(([method, op]) => [method, named(p, method, op)])),
    ]),
  );
}

/**
 * The OpenAPI 3.1 description of every route the server answers: the JSON API and the pages.
 * test/web/openapi.test.ts walks the app's registered routes against it in both directions, so
 * a route added without a description here (or a description left after a route is gone) fails.
 */
export function openApiDocument(): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'retrieval testbed',
      version: VERSION,
      description:
        `Index a corpus into SQLite FTS5 plus local embeddings, search it with pipelines of legs (${legTypes().join(', ')}) fused N ways (or the bm25, dense and hybrid shorthands), judge results and run experiments. ` +
        'Errors are JSON {"error": {"code", "message"}}. When the server has a token, POST and DELETE need `Authorization: Bearer <token>` (and search too with --protect-search).',
    },
    servers: [{ url: '/' }],
    tags: [
      { name: 'search', description: 'searches, and the UBI events (clicks) about their results' },
      { name: 'indexes' },
      { name: 'experiments' },
      { name: 'gold' },
      {
        name: 'traffic',
        description:
          "the server's query log (testbed serve --log-queries DIR): its summary, and query sets and click judgements drawn from it as jobs",
      },
      { name: 'service' },
      { name: 'pages', description: 'HTML pages for people' },
    ],
    paths: withOperations({
      '/': {
        get: {
          tags: ['pages'],
          summary:
            'Playground: one query against BM25, dense and hybrid side by side, or the two to four columns picked',
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
      },
      '/judge': {
        get: {
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
            query(
              'depth',
              "for experiment:NAME, how many of each configuration's top documents per query (default 10)",
              {
                type: 'integer',
              },
            ),
            query('judge', 'who judges: pairs they judged are skipped', { type: 'string' }),
            query('seed', "shuffle seed; by default the pool's own (a hash of its pairs)", { type: 'integer' }),
            query('at', 'position among the pairs left to judge (0-based)', { type: 'integer' }),
            query(
              'ask',
              "a question of the judge's own: searched with every leg over the gold set's index, the documents found listed to grade",
              {
                type: 'string',
              },
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
      },
      '/assets/{name}': {
        get: {
          tags: ['pages'],
          summary: "The pages' stylesheet and script",
          parameters: [{ ...pathParam('name', 'asset file'), schema: { type: 'string', enum: ['app.css', 'app.js'] } }],
          responses: assetResponses(),
        },
      },
      '/openapi.json': {
        get: {
          tags: ['service'],
          summary: 'This document',
          responses: { '200': json({ type: 'object' }, 'OpenAPI 3.1 document') },
        },
      },
      '/docs': {
        get: {
          tags: ['service', 'pages'],
          summary: 'This document as a readable API reference (Swagger UI, served offline)',
          responses: { '200': html('the API reference page') },
        },
      },
      '/docs/assets/{name}': {
        get: {
          tags: ['pages'],
          summary: "The API reference page's stylesheets and scripts (Swagger UI's from node_modules)",
          parameters: [{ ...pathParam('name', 'asset file'), schema: { type: 'string', enum: DOCS_ASSET_NAMES } }],
          responses: assetResponses(),
        },
      },
      '/health': {
        get: {
          tags: ['service'],
          summary: 'Liveness and the number of served indexes',
          responses: { '200': json(ref('Health'), 'ok') },
        },
      },
      '/search': {
        get: {
          tags: ['search'],
          summary: 'Search an index: a pipeline (legs, as JSON) or a shorthand (mode and its parameters)',
          description:
            'Pipeline form: `legs` (and `fusion`, `rerank`, `filter`) as JSON text, with `k`, `level`, `qlang`; see the PipelineRequest schema. Shorthand form: `mode` and the parameters of /search/{mode}. Unknown parameters answer 400.',
          parameters: [
            ...searchParameters.slice(0, 2),
            query('mode', `${MODE_PARAM.help} (a shorthand pipeline)`, MODE_PARAM.schema),
            query(
              'legs',
              'pipeline form: the legs as JSON, e.g. [{"type":"lexical","engine":"fts5"},{"type":"dense"}]',
              { type: 'string' },
            ),
            query(
              'rerank',
              'pipeline form: the rerank stage as JSON, e.g. {"type":"http","url":"http://tei:8080/rerank","shape":"tei","depth":50} (its origin must be allowed with --allow-remote)',
              { type: 'string' },
            ),
            ...searchParameters.slice(2).map((p) =>
              p.name === 'fusion'
                ? {
                    ...p,
                    description: `${p.description}; in the pipeline form, JSON: {"method": "combmnz", "norm": "zscore"}`,
                  }
                : p,
            ),
            query(
              'interleaving',
              'an interleaved search (as GET /search/interleaved): the name of an interleaving of the --interleave file, with index, q, k and level only',
              { type: 'string' },
            ),
            clientIdHeader,
          ],
          responses: {
            '200': searchOrInterleavedAnswer,
            ...searchErrors,
            ...interleavedErrors,
            '414': error('URL over 256 kB'),
          },
        },
        post: {
          tags: ['search'],
          summary: 'Search an index: a pipeline or a shorthand (with mode) as a JSON body',
          description:
            'A body with `interleaving` (and index, q, k, level only) is an interleaved search, answered as POST /search/interleaved answers it.',
          parameters: [clientIdHeader],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  oneOf: [ref('PipelineRequest'), ref('ModeSearchRequest'), ref('NamedInterleavedSearchRequest')],
                },
              },
            },
          },
          responses: {
            '200': searchOrInterleavedAnswer,
            ...searchErrors,
            ...interleavedErrors,
            '413': error('body over 64 kB'),
          },
        },
      },
      '/search/interleaved': {
        get: {
          tags: ['search'],
          summary: 'Search an index with the arms of an interleaving (--interleave) and answer their lists merged',
          description: INTERLEAVED_DESCRIPTION,
          parameters: [...interleavedParameters, clientIdHeader],
          responses: {
            '200': interleavedAnswer,
            ...searchErrors,
            ...interleavedErrors,
            '414': error('URL over 256 kB'),
          },
        },
        post: {
          tags: ['search'],
          summary: 'An interleaved search, parameters as a JSON body',
          description: INTERLEAVED_DESCRIPTION,
          parameters: [clientIdHeader],
          requestBody: { required: true, content: { 'application/json': { schema: ref('InterleavedSearchRequest') } } },
          responses: {
            '200': interleavedAnswer,
            ...searchErrors,
            ...interleavedErrors,
            '413': error('body over 64 kB'),
          },
        },
      },
      '/search/{mode}': {
        get: {
          tags: ['search'],
          summary: 'Search an index with a shorthand pipeline (bm25, dense, hybrid)',
          parameters: [modeParam, ...searchParameters, clientIdHeader],
          responses: { '200': searchAnswer, ...searchErrors, '414': error('URL over 256 kB') },
        },
        post: {
          tags: ['search'],
          summary: 'Search an index, parameters as a JSON body',
          parameters: [modeParam, clientIdHeader],
          requestBody: { required: true, content: { 'application/json': { schema: ref('SearchRequest') } } },
          responses: {
            '200': searchAnswer,
            ...searchErrors,
            '413': error('body over 64 kB'),
          },
        },
      },
      '/events': {
        post: {
          tags: ['search'],
          summary: 'Record UBI events (clicks, impressions, any action_name) about searches this server answered',
          description:
            `One UbiEvent, an array of them, or {"events": [...]}, at most ${MAX_EVENTS_PER_REQUEST}, each naming the query_id of a search response. ` +
            'Written to the query log of a server started with --log-queries DIR (DIR/ubi_events-YYYY-MM-DD.jsonl). Every event is checked before any is written, and then all are written at once: a request is recorded whole or not at all. A missing timestamp is the time the server received it.',
          ...tokenNeeded,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  oneOf: [
                    ref('UbiEvent'),
                    { type: 'array', items: ref('UbiEvent'), minItems: 1, maxItems: MAX_EVENTS_PER_REQUEST },
                    {
                      type: 'object',
                      required: ['events'],
                      properties: {
                        events: {
                          type: 'array',
                          items: ref('UbiEvent'),
                          minItems: 1,
                          maxItems: MAX_EVENTS_PER_REQUEST,
                        },
                      },
                    },
                  ],
                },
              },
            },
          },
          responses: {
            '202': json(
              { type: 'object', required: ['accepted'], properties: { accepted: { type: 'integer' } } },
              'written: how many events',
            ),
            '400': error('a malformed event (the message names its index, events[i], and the field), or no events'),
            '404': error('an event names a query_id this server has not logged'),
            '409': error('the server does not log queries: start it with --log-queries DIR'),
            '413': error(`body over 64 kB, or more than ${MAX_EVENTS_PER_REQUEST} events`),
            '507': error('the log could not be written (a full disk): none of the events was recorded'),
            ...tokenErrors,
          },
        },
      },
      ...trafficJobPaths('samples', 'sample', {
        summary: "Sample a query set from the server's query log (testbed queries sample), as a job",
        description:
          'Reads the --log-queries folder in a process of its own, queued behind builds and experiments, and writes traffic/ID/queries.jsonl under the results folder: BEIR queries tagged source log, band (head, torso, tail) and frequency. A log with no search yet ends the job failed, saying so.',
        request: 'SampleRequest',
        summarySchema: 'QuerySetSummary',
      }),
      ...trafficJobPaths('judgements', 'judgement', {
        summary: "Derive graded qrels from the clicks of the server's query log (testbed gold from-clicks), as a job",
        description:
          'Reads the --log-queries folder in a process of its own, queued behind builds and experiments, and writes traffic/ID/qrels/test.tsv under the results folder, with its test.tsv.sources.jsonl sidecar; query ids are those of POST /traffic/samples. A log with no search yet ends the job failed, saying so.',
        request: 'JudgementRequest',
        summarySchema: 'ClickQrelsSummary',
      }),
      '/indexes': {
        get: {
          tags: ['indexes'],
          summary: 'Every index with its config and build job',
          description:
            'A first build without a file yet (queued, running, failed or interrupted) is listed too, as status "absent" with its job.',
          responses: {
            '200': json(
              { type: 'object', properties: { indexes: { type: 'array', items: ref('IndexInfo') } } },
              'indexes',
            ),
          },
        },
        post: {
          tags: ['indexes'],
          summary: 'Start building an index',
          ...tokenNeeded,
          requestBody: { required: true, content: { 'application/json': { schema: ref('BuildRequest') } } },
          responses: {
            '202': json({ type: 'object', properties: { job: ref('BuildJob') } }, 'build started'),
            '400': error('bad request'),
            '404': error('corpus not found'),
            '409': error('already being built'),
            ...tokenErrors,
          },
        },
      },
      '/indexes/{name}': {
        get: {
          tags: ['indexes'],
          summary: 'One index: config and build progress',
          parameters: [pathParam('name', 'index name')],
          responses: { '200': json(ref('IndexInfo'), 'the index'), '404': error('no such index') },
        },
        delete: {
          tags: ['indexes'],
          summary: 'Delete an index',
          ...tokenNeeded,
          parameters: [pathParam('name', 'index name')],
          responses: {
            '200': json({ type: 'object', properties: { deleted: { type: 'string' } } }, 'deleted'),
            '404': error('no such index'),
            '409': error('being built'),
            ...tokenErrors,
          },
        },
      },
      '/experiments': {
        get: {
          tags: ['experiments', 'pages'],
          summary:
            'Experiment jobs and saved reports (JSON), or the experiments page for a browser (Accept: text/html)',
          description:
            "The page's lists: this server's runs (`experiments`), and the reports saved under the results folder by any run (`saved`, newest first), each readable at /experiments/{name}/download/report.json.",
          responses: {
            '200': {
              description: 'the jobs without their reports, and the saved reports; or the page',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['experiments', 'saved'],
                    properties: {
                      experiments: { type: 'array', items: ref('ExperimentJob') },
                      saved: { type: 'array', items: ref('SavedReport') },
                    },
                  },
                },
                'text/html': { schema: { type: 'string' } },
              },
            },
            ...rankingReadErrors,
          },
        },
        post: {
          tags: ['experiments'],
          summary: 'Start an experiment from a config in the experiments folder or inline YAML',
          ...tokenNeeded,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  oneOf: [
                    {
                      type: 'object',
                      required: ['config'],
                      additionalProperties: false,
                      properties: { config: { type: 'string', description: 'NAME.yaml in the experiments folder' } },
                    },
                    {
                      type: 'object',
                      required: ['yaml'],
                      additionalProperties: false,
                      properties: { yaml: { type: 'string', maxLength: 61440 } },
                    },
                  ],
                },
              },
            },
          },
          responses: {
            '202': json(
              {
                type: 'object',
                properties: {
                  id: { type: 'string' },
                  name: { type: 'string' },
                  state: { type: 'string' },
                  output: { type: 'string' },
                },
              },
              'queued, or started at once when no other job runs (or, for the same config, the run of its name already queued or running)',
            ),
            '400': error(
              'bad config, a path outside the served roots, or a grid with more configurations than the server runs in one experiment (testbed serve --max-grid-cells; the message says how many and the limit)',
            ),
            '404': error('config not found'),
            '409': error(
              'the server is stopping, or another config of the same name is queued or running (the message names its id)',
            ),
            ...tokenErrors,
          },
        },
      },
      '/experiments/{id}': {
        get: {
          tags: ['experiments', 'pages'],
          summary:
            'One experiment job with its report when done (JSON), or its report page for a browser (Accept: text/html)',
          description: 'The page also shows reports saved under the results folder, by folder name.',
          parameters: [experimentId],
          responses: {
            '200': {
              description: 'the job; or the page',
              content: {
                'application/json': { schema: ref('ExperimentJob') },
                'text/html': { schema: { type: 'string' } },
              },
            },
            '404': {
              description: 'no such experiment',
              content: { 'application/json': { schema: ref('Error') }, 'text/html': { schema: { type: 'string' } } },
            },
            ...rankingReadErrors,
          },
        },
        delete: {
          tags: ['experiments'],
          summary: 'Cancel a queued or running experiment',
          description:
            'A queued experiment never starts; a running one has its process stopped. Its state becomes cancelled, and the configurations it finished stay on disk: running the same config again resumes from them.',
          ...tokenNeeded,
          parameters: [pathParam('id', 'a job id from POST /experiments')],
          responses: {
            '200': json(ref('ExperimentJob'), 'cancelled: the job, state cancelled'),
            '404': error('no experiment with this id'),
            '409': error(
              'the experiment has already ended (done, failed, cancelled or interrupted), or another server process runs it',
            ),
            ...tokenErrors,
          },
        },
      },
      '/experiments/diff': {
        get: {
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
      },
      '/experiments/{id}/queries': {
        get: {
          tags: ['pages'],
          summary: "Per-query page: a report's queries, each configuration's value and its difference from a baseline",
          description:
            "Every answerable query with its text and slice values, each configuration's value of the metric and its difference from the baseline configuration, and each configuration's wins, losses and ties against it (a tie: equal at the printed precision). Sorted by the column heading clicked.",
          parameters: [
            experimentId,
            query('metric', "the metric shown (default: the report's primary metric)", { type: 'string' }),
            query('baseline', "the configuration compared with (default: the report's baseline)", {
              type: 'string',
            }),
            query('sort', 'query, slice:FIELD, value:CONFIG or delta:CONFIG', { type: 'string' }),
            query('dir', 'asc or desc', { type: 'string', enum: ['asc', 'desc'] }),
          ],
          responses: {
            '200': html('the per-query page'),
            '400': html('the page with its defaults, naming the bad parameter'),
            '404': html('no such experiment, or no report yet'),
          },
        },
      },
      '/experiments/{id}/download/report.md': download('text/markdown', 'the report as Markdown'),
      '/experiments/{id}/download/metrics.csv': download(
        'text/csv',
        'the metrics as CSV (config, slice, queries, metric, value)',
      ),
      '/experiments/{id}/download/per-query.csv': download(
        'text/csv',
        "each answerable query's values as CSV (config, query, text, the slice fields, one column per metric)",
      ),
      '/experiments/{id}/download/report.json': download('application/json', 'the full report as JSON'),
      '/experiments/{id}/download/runs/{file}': {
        get: {
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
      },
      '/gold': {
        get: {
          tags: ['gold'],
          summary: 'The judgements added to a qrels file',
          parameters: [
            query('qrels', 'a BEIR qrels file (DIR/qrels/SPLIT.tsv) inside the corpora root', { type: 'string' }, true),
            query('query_id', 'only this query', { type: 'string' }),
          ],
          responses: {
            '200': json(
              {
                type: 'object',
                properties: {
                  additions: { type: 'array', items: ref('Addition') },
                  sources: {
                    type: 'object',
                    description:
                      'the gold set (qrels merged with its additions) counted by where each judgement came from: published, human, tickets, llm, clicks',
                    additionalProperties: { type: 'integer' },
                  },
                },
              },
              'additions in the order recorded, and the judgements counted by source',
            ),
            '400': error('bad parameter'),
            '404': error('qrels not found'),
            ...rankingReadErrors,
          },
        },
        post: {
          tags: ['gold'],
          summary: 'Record a judgement in <qrels>.additions.jsonl',
          ...tokenNeeded,
          requestBody: { required: true, content: { 'application/json': { schema: ref('NewJudgement') } } },
          responses: {
            '201': json(ref('Addition'), 'recorded: the line is in the file and fsynced'),
            '400': error('bad judgement or unknown id, or the additions file is a symbolic link'),
            '404': error('qrels not found'),
            '507': error('the additions file could not be written (a full disk): nothing of it was left in the file'),
            ...tokenErrors,
          },
        },
        delete: {
          tags: ['gold'],
          summary:
            'Take back the judgements added for one (query, document) pair; the additions file is deleted when none is left',
          ...tokenNeeded,
          parameters: [
            query('qrels', 'a BEIR qrels file (DIR/qrels/SPLIT.tsv) inside the corpora root', { type: 'string' }, true),
            query('query_id', 'query id of the pair', { type: 'string' }, true),
            query('doc_id', 'document id of the pair', { type: 'string' }, true),
            query('judge', "only this judge's additions (another judge's grade of the pair stays)", { type: 'string' }),
          ],
          responses: {
            '200': json(
              {
                type: 'object',
                required: ['removed', 'remaining'],
                properties: {
                  removed: { type: 'array', items: ref('Addition') },
                  published: {
                    type: 'integer',
                    description: "the pair's grade in the published qrels, absent when it is unjudged again",
                  },
                  remaining: { type: 'integer', description: 'additions left in the file; 0: the file was deleted' },
                },
              },
              'removed',
            ),
            '400': error('bad parameter'),
            '404': error('qrels not found, or no judgement of the pair was added'),
            '409': error('the pair is judged only in the published qrels, which are never edited'),
            ...tokenErrors,
          },
        },
      },
      '/gold/queries': {
        get: {
          tags: ['gold'],
          summary: "The queries added beside a gold set's queries.jsonl (questions experts wrote)",
          parameters: [
            query('qrels', 'a BEIR qrels file (DIR/qrels/SPLIT.tsv) inside the corpora root', { type: 'string' }, true),
          ],
          responses: {
            '200': json(
              { type: 'object', properties: { queries: { type: 'array', items: ref('QueryRecord') } } },
              'added queries in the order recorded; none for a qrels file outside a BEIR folder',
            ),
            '400': error('bad parameter'),
            '404': error('qrels not found'),
            ...rankingReadErrors,
          },
        },
        post: {
          tags: ['gold'],
          summary:
            'Record a question an expert wrote and the documents they marked, in one go: the query in queries.jsonl.additions.jsonl, its judgements (source expert) in <qrels>.additions.jsonl',
          ...tokenNeeded,
          requestBody: { required: true, content: { 'application/json': { schema: ref('NewExpertQuery') } } },
          responses: {
            '201': json(
              {
                type: 'object',
                required: ['query', 'additions'],
                properties: { query: ref('QueryRecord'), additions: { type: 'array', items: ref('Addition') } },
              },
              'recorded',
            ),
            '400': error('bad question, judge or judgement (the field is named), unknown document, or no BEIR folder'),
            '404': error('qrels not found'),
            '409': error('the same question was already asked: the answer names its query id'),
            '507': error('the disk had no room: neither the question nor its judgements were left in the files'),
            ...tokenErrors,
          },
        },
      },
      '/traffic': {
        get: {
          tags: ['traffic'],
          summary:
            "A summary of the server's query log: searches per day, top and zero-hit queries, click-through by position",
          description:
            'The log as it stands at this request (read again whenever its files have changed). Needs the server started with --log-queries DIR (409 otherwise), and the bearer token when it runs with --protect-search: it shows what users searched.',
          parameters: [
            query('top', 'rows in the top-query and zero-hit tables', {
              type: 'integer',
              minimum: 1,
              maximum: 1000,
              default: 10,
            }),
            query('max_rank', 'positions in the click-through curve', {
              type: 'integer',
              minimum: 1,
              maximum: 100,
              default: 10,
            }),
          ],
          responses: {
            '200': json(ref('TrafficSummary'), 'the summary'),
            '400': error('bad parameter'),
            '409': error('the server logs no queries: start it with --log-queries DIR'),
            '401': error('token missing (only with --protect-search)'),
            '403': error('wrong token (only with --protect-search)'),
          },
        },
      },
      '/traffic/interleavings': {
        get: {
          tags: ['traffic'],
          summary:
            "Which arm of each interleaving users preferred, from the server's query log (testbed interleave --json)",
          description:
            "Credits the clicks of every interleaved search (serve --interleave) to the arms: team-draft and multileave by the team of the clicked hit, balanced by Joachims' rule. Per pair of arms: wins, ties, delta with a bootstrap 95% interval, a two-sided sign test p, the winner at p < 0.05 and the searches still needed to decide. The log as it stands at this request. Needs --log-queries DIR (409 otherwise), and the bearer token whenever the server has one, as GET /traffic.",
          parameters: [
            query('name', 'only the interleaving of this name', { type: 'string', minLength: 1, maxLength: 200 }),
          ],
          responses: {
            '200': json(ref('Interleavings'), 'the preferences'),
            '400': error('bad parameter, or no interleaved search of that name (the names the log has are listed)'),
            '409': error('the server logs no queries: start it with --log-queries DIR'),
            '401': error('token missing (whenever the server has a token)'),
            '403': error('wrong token'),
          },
        },
      },
    }),
    components: {
      securitySchemes: { bearerToken: { type: 'http', scheme: 'bearer', description: 'TESTBED_TOKEN' } },
      // Spread, so the getters among them run now: the document is what the registry holds when it is made.
      schemas: { ...schemas },
    },
  };
}
