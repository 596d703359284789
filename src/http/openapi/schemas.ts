import { DEFAULT_CHUNKER } from '../../indexing/choose-chunker.js';
import { DEFAULT_TOKENIZER } from '../../store/tokenizers.js';
import { MODE_PARAM, SEARCH_PARAM_NAMES, SEARCH_PARAMS, type ParamSpec } from '../../search/request-params.js';
import { requestJsonSchema } from '../../schemas/json-schema.js';
import { pipelineSpec } from '../../pipeline/pipeline-spec.js';
import { MODES } from '../../pipeline/shorthand-rows.js';
import { reportSchemas } from './report-schemas.js';
import { indexSchemas } from './index-schemas.js';
import { interleaveSchemas } from './interleave-schemas.js';
import { settledPipelineSchema } from './pipeline-schema.js';
import { DEFAULT_SEED } from '../../stats/prng.js';
import { DEFAULT_PRIOR_STRENGTH } from '../../traffic/pbm.js';
import { DEFAULT_MIN_IMPRESSIONS } from '../../traffic/min-impressions.js';
import { DEFAULT_HEAD_SHARE, DEFAULT_TORSO_SHARE } from '../../traffic/bands.js';
import { DEFAULT_CLICK_ACTIONS, DEFAULT_MAX_RANK, DEFAULT_THRESHOLDS } from '../../traffic/click-models.js';
import { int, num, obj, str } from './schema-parts.js';
import { inputSide } from './input-side.js';

/**
 * JSON Schemas (2020-12, as OpenAPI 3.1 uses) of the API's bodies. They follow the TypeScript
 * types named in each description; the OpenAPI test checks real responses against the required
 * fields, so a renamed field shows up there.
 */

export const schemas: Record<string, unknown> = {
  ...reportSchemas,
  ...indexSchemas,
  ...interleaveSchemas,
  Error: obj({ error: obj({ code: str, message: str }) }),
  Health: obj(
    {
      status: { const: 'ok' },
      version: str,
      indexes: int,
      unreadable: {
        ...int,
        description: 'index files present that cannot be read (listed by GET /indexes with status unreadable)',
      },
      lost_log_writes: {
        $ref: '#/components/schemas/LostLogWrites',
        description: 'only on a server started with --log-queries',
      },
    },
    ['status', 'version', 'indexes', 'unreadable'],
  ),
  LostLogWrites: {
    ...obj({
      queries: { ...int, description: 'searches answered but not logged because the log write failed (a full disk)' },
      events: { ...int, description: 'events refused with a 507 because their write failed' },
    }),
    description:
      'writes the query log could not make since the server started (LostLogWrites, src/traffic/query-log.ts)',
  },
  Sources: {
    type: 'object',
    description:
      "fused hits: rank and score in each leg that returned them, keyed by leg name (the hybrid shorthand's are bm25 and dense)",
    additionalProperties: obj({ rank: int, score: num }),
  },
  Hit: {
    ...obj(
      {
        rank: int,
        id: str,
        doc_id: str,
        score: num,
        title: str,
        text: str,
        start: int,
        end: int,
        sources: { $ref: '#/components/schemas/Sources' },
      },
      ['rank', 'id', 'doc_id', 'score', 'title', 'text', 'start', 'end'],
    ),
    description: 'HitView (src/search/types.ts)',
  },
  // Getters: the pipeline's JSON Schema lists the leg types registered when the document is made.
  get Pipeline() {
    return {
      ...settledPipelineSchema(),
      description:
        'Pipeline (src/pipeline/resolve-pipeline.ts): a pipeline as it ran, settled from its request (pipeline-spec.ts)',
    };
  },
  get SearchResponse() {
    return {
      ...obj(
        {
          query_id: {
            type: 'string',
            format: 'uuid',
            description:
              'this search, for the UBI events (clicks) about its hits (POST /events); also the X-Query-Id header',
          },
          index: str,
          mode: {
            type: 'string',
            enum: [...MODES, 'pipeline'],
            description: 'the shorthand searched with, or pipeline for a pipeline given as legs',
          },
          q: str,
          k: int,
          level: { type: 'string', enum: ['chunk', 'doc'] },
          pipeline: {
            $ref: '#/components/schemas/Pipeline',
            description: 'the pipeline that ran, every default filled in (a shorthand expanded)',
          },
          took_ms: {
            type: 'object',
            additionalProperties: num,
            description: 'total and per stage: bm25, dense, dense.embed, fuse, hydrate, ...',
          },
          hits: { type: 'array', items: { $ref: '#/components/schemas/Hit' } },
          expansions: {
            type: 'object',
            additionalProperties: {
              type: 'array',
              items: obj({ term: str, weight: num }),
            },
            description:
              'per leg that expanded the query (rm3, rocchio, bo1), by leg name: the weighted terms it scored, heaviest first',
          },
        },
        ['query_id', 'index', 'mode', 'q', 'k', 'level', 'pipeline', 'took_ms', 'hits'],
      ),
      description: 'SearchResponse (src/search/types.ts)',
    };
  },
  SearchRequest: inputSide({
    ...shorthandRequest(),
    description: 'a shorthand search as a JSON body: the same names as the query string, the mode given by the path',
  }),
  ModeSearchRequest: inputSide({
    ...shorthandRequest({ mode: { ...MODE_PARAM.schema, description: MODE_PARAM.help } }),
    description: 'a shorthand search as a JSON body to POST /search: SearchRequest with the mode in the body',
  }),
  get PipelineRequest() {
    const body = requestJsonSchema(pipelineSpec) as { properties: Record<string, unknown>; required?: string[] };
    return inputSide({
      ...body,
      properties: {
        index: { ...SEARCH_PARAMS.index.schema, description: SEARCH_PARAMS.index.help },
        q: { ...SEARCH_PARAMS.q.schema, description: SEARCH_PARAMS.q.help },
        ...body.properties,
      },
      required: ['index', 'q', ...(body.required ?? [])],
      description:
        'a pipeline search (src/pipeline/pipeline-spec.ts, generated from its zod schema): named legs, fusion, k, level, filter',
    });
  },
  BuildRequest: inputSide(
    obj(
      {
        name: str,
        corpus: {
          type: 'string',
          description:
            "inside the corpora root: from the server's folder as the CLI reads it (corpora/demo), or from the root (demo)",
        },
        chunker: { type: 'string', default: DEFAULT_CHUNKER },
        embedder: { type: 'string', default: 'auto' },
        tokenizer: { type: 'string', default: DEFAULT_TOKENIZER },
      },
      ['name', 'corpus'],
    ),
  ),
  BuildJob: {
    ...obj(
      {
        name: str,
        state: {
          type: 'string',
          enum: ['queued', 'running', 'done', 'failed', 'interrupted'],
          description: 'queued: waiting for other jobs (testbed serve --max-jobs)',
        },
        startedAt: str,
        finishedAt: str,
        interruptedAt: { ...str, description: 'interrupted builds: when their server was last seen working on them' },
        request: obj({ corpus: str, chunker: str, embedder: str, tokenizer: str }),
        progress: { $ref: '#/components/schemas/BuildProgress' },
        notices: { type: 'array', items: str },
        error: str,
        meta: { $ref: '#/components/schemas/IndexMeta' },
      },
      ['name', 'state', 'startedAt', 'request', 'progress', 'notices'],
    ),
    description: 'BuildJob (src/serving/builds/build-jobs.ts)',
  },
  IndexInfo: obj(
    {
      name: str,
      status: {
        type: 'string',
        enum: ['ready', 'unreadable', 'absent'],
        description:
          'the index file: served, present but unreadable (see error), or not there (a first build not finished)',
      },
      error: { ...str, description: 'unreadable only: why, in a few words' },
      meta: {
        oneOf: [{ $ref: '#/components/schemas/IndexMeta' }, { type: 'null' }],
        description:
          'IndexMeta (src/store/index-meta.ts): corpus, chunker, tokenizer, embedder, counts, build; paths relative to the corpora root',
      },
      fingerprint: {
        $ref: '#/components/schemas/IndexFingerprint',
        description: "ready only: what decides the index contents, as a report's configs[].index.fingerprint",
      },
      job: { oneOf: [{ $ref: '#/components/schemas/BuildJob' }, { type: 'null' }] },
    },
    ['name', 'status', 'meta', 'job'],
  ),
  ExperimentJob: {
    ...obj(
      {
        id: str,
        name: str,
        state: {
          type: 'string',
          enum: ['queued', 'running', 'done', 'failed', 'interrupted', 'cancelled'],
          description:
            'queued: waiting for other jobs (testbed serve --max-jobs); cancelled: by DELETE /experiments/{id}; interrupted: the server stopped first',
        },
        startedAt: str,
        finishedAt: str,
        interruptedAt: { ...str, description: 'interrupted jobs: when their server was last seen working on them' },
        progress: obj(
          {
            phase: { type: 'string', enum: ['indexing', 'retrieving', 'scoring', 'done'] },
            cell: str,
            done: int,
            total: int,
          },
          ['phase', 'done', 'total'],
        ),
        output: str,
        error: str,
        report: { $ref: '#/components/schemas/ExperimentReport' },
      },
      ['id', 'name', 'state', 'startedAt', 'progress', 'output'],
    ),
    description: 'ExperimentJob (src/experiments/experiment-jobs.ts)',
  },
  SavedReport: {
    ...obj({
      name: { ...str, description: 'its folder under the results folder: the id of /experiments/{id}/download/...' },
      createdAt: { type: 'string', format: 'date-time' },
      configurations: { ...int, description: 'configurations the report compares' },
      queries: { ...int, description: 'queries with judgements, those scored' },
    }),
    description:
      'a report saved under the results folder, as the experiments page lists it (src/web/experiments/report-source.ts)',
  },
  SampleRequest: inputSide({
    type: 'object',
    additionalProperties: false,
    required: ['method', 'n'],
    description: "testbed queries sample over the server's --log-queries folder (src/http/routes/traffic-jobs.ts)",
    properties: {
      method: {
        type: 'string',
        enum: ['random', 'pps', 'top'],
        description:
          'random: n distinct queries uniformly; pps: probability proportional to frequency; top: the n most frequent',
      },
      n: { type: 'integer', minimum: 1, maximum: 10_000_000, description: 'distinct queries to draw (all when more)' },
      seed: { type: 'integer', minimum: 0, maximum: 2 ** 32 - 1, default: DEFAULT_SEED },
      head_share: { type: 'number', exclusiveMinimum: 0, maximum: 1, default: DEFAULT_HEAD_SHARE },
      torso_share: {
        type: 'number',
        exclusiveMinimum: 0,
        maximum: 1,
        default: DEFAULT_TORSO_SHARE,
        description: 'at least head_share',
      },
      keep_pii: { type: 'boolean', default: false, description: 'keep e-mails, phone numbers and long digit runs' },
    },
  }),
  JudgementRequest: inputSide({
    type: 'object',
    additionalProperties: false,
    required: ['model'],
    description: "testbed gold from-clicks over the server's --log-queries folder (src/http/routes/traffic-jobs.ts)",
    properties: {
      model: {
        type: 'string',
        enum: ['coec', 'ctr', 'pbm'],
        description:
          'coec: clicks / expected clicks; ctr: clicks / impressions; pbm: attractiveness in the position-based model fitted by EM, shrunk toward the log mean',
      },
      propensities: {
        type: 'string',
        enum: ['log', 'swap'],
        default: 'log',
        description: "swap: examination from the log's swap interventions (--explore swap), coec and pbm only",
      },
      prior_strength: {
        type: 'number',
        minimum: 0,
        maximum: 1_000_000,
        default: DEFAULT_PRIOR_STRENGTH,
        description: 'pbm: pseudo-impressions of the Beta prior at the log mean attractiveness',
      },
      min_impressions: { type: 'integer', minimum: 0, maximum: 1_000_000_000, default: DEFAULT_MIN_IMPRESSIONS },
      max_rank: { type: 'integer', minimum: 1, maximum: 1000, default: DEFAULT_MAX_RANK },
      thresholds: {
        type: 'array',
        items: { type: 'number', minimum: 0 },
        minItems: 1,
        maxItems: 10,
        description: `ascending scores for grades 1, 2, ... (default coec ${DEFAULT_THRESHOLDS.coec.join(', ')}; ctr ${DEFAULT_THRESHOLDS.ctr.join(', ')}; pbm ${DEFAULT_THRESHOLDS.pbm.join(', ')})`,
      },
      click_actions: {
        type: 'array',
        items: { type: 'string', minLength: 1, maxLength: 100 },
        minItems: 1,
        maxItems: 20,
        description: `action_name values that count as clicks (default ${DEFAULT_CLICK_ACTIONS.join(', ')})`,
      },
      keep_pii: {
        type: 'boolean',
        default: false,
        description: 'as the query set was sampled, or the ids will not join',
      },
      corpus: {
        type: 'string',
        description:
          'match logged ids to this corpus inside the corpora root (corpora/demo or demo): ids it lacks are counted',
      },
      doc_key: { type: 'string', description: 'with corpus: match by this field of each document (metadata.url)' },
      queries: {
        type: 'string',
        description:
          'a query set (queries.jsonl) in the corpora root or the results folder, as POST /traffic/samples answers it (traffic/ID/queries.jsonl): judge only its queries, as --queries does',
      },
    },
  }),
  TrafficJobStarted: obj({ id: { type: 'string', format: 'uuid' }, state: str, output: str }),
  TrafficJob: {
    ...obj(
      {
        id: { type: 'string', format: 'uuid' },
        kind: { type: 'string', enum: ['sample', 'judgement'] },
        state: {
          type: 'string',
          enum: ['queued', 'running', 'done', 'failed', 'interrupted'],
          description:
            'queued: waiting for other jobs (testbed serve --max-jobs); interrupted: the server stopped first',
        },
        startedAt: str,
        finishedAt: str,
        interruptedAt: { ...str, description: 'interrupted jobs: when their server was last seen working on them' },
        request: {
          oneOf: [{ $ref: '#/components/schemas/SampleRequest' }, { $ref: '#/components/schemas/JudgementRequest' }],
          description: 'the body as posted',
        },
        output: { ...str, description: 'traffic/ID, relative to the results folder' },
        error: str,
        summary: {
          oneOf: [{ $ref: '#/components/schemas/QuerySetSummary' }, { $ref: '#/components/schemas/ClickQrelsSummary' }],
        },
      },
      ['id', 'kind', 'state', 'startedAt', 'request', 'output'],
    ),
    description: 'TrafficJob (src/serving/traffic-jobs/traffic-jobs.ts)',
  },
  DroppedCount: obj({ reason: str, count: int, examples: { type: 'array', items: str } }),
  QuerySetSummary: {
    ...obj({
      file: { ...str, description: 'traffic/ID/queries.jsonl, relative to the results folder' },
      method: str,
      seed: int,
      searches: int,
      distinctQueries: int,
      sampled: int,
      tookAll: { type: 'boolean' },
      masked: obj({ email: int, phone: int, number: int }),
      bands: {
        type: 'array',
        items: obj({ band: str, queries: int, minFrequency: int, maxFrequency: int, share: num }, [
          'band',
          'queries',
          'share',
        ]),
      },
      sampledByBand: { type: 'object', additionalProperties: int },
      zeroHitQueries: int,
      dropped: { type: 'array', items: { $ref: '#/components/schemas/DroppedCount' } },
    }),
    description: 'QuerySetSummary (src/traffic/sample-query-set.ts)',
  },
  ClickQrelsSummary: {
    ...obj({
      qrels: { ...str, description: 'traffic/ID/qrels/test.tsv, relative to the results folder' },
      sources: { ...str, description: "the qrels' sidecar: source clicks, model, score, clicks, impressions per pair" },
      model: str,
      minImpressions: int,
      maxRank: int,
      thresholds: { type: 'array', items: num },
      searches: int,
      clicks: int,
      queriesKept: int,
      pairsKept: int,
      pairsBelowMinImpressions: int,
      grades: { type: 'array', items: int, description: 'pairs kept per grade, 0 first' },
      ctrCurve: { type: 'array', items: obj({ ordinal: int, impressions: int, clicks: int, ctr: num }) },
      positionCurve: obj({
        estimate: { type: 'string', enum: ['log-ctr', 'pbm-em', 'swap'] },
        label: str,
        points: {
          type: 'array',
          items: obj({ ordinal: int, value: num, estimated: { type: 'boolean' }, detail: str }),
        },
      }),
      dropped: { type: 'array', items: { $ref: '#/components/schemas/DroppedCount' } },
    }),
    description: 'ClickQrelsSummary (src/traffic/judge-clicks.ts)',
  },
  UbiEvent: inputSide({
    type: 'object',
    required: ['action_name', 'query_id'],
    description:
      'a UBI event (o19s/ubi schema 1.3.0, event.schema.json), query_id required; click, click_through and impression need event_attributes.object.object_id and event_attributes.position.ordinal. Other top-level properties are not kept',
    properties: {
      action_name: { type: 'string', maxLength: 100, examples: ['click', 'impression', 'add_to_cart'] },
      query_id: { type: 'string', maxLength: 100, description: 'the query_id of a search response' },
      client_id: { type: 'string', maxLength: 100 },
      session_id: { type: 'string', maxLength: 100 },
      user_id: { type: 'string', maxLength: 100 },
      application: { type: 'string', maxLength: 100 },
      timestamp: { type: 'string', format: 'date-time', description: 'ISO 8601; the server time when absent' },
      message_type: { type: 'string', maxLength: 100 },
      message: { type: 'string', maxLength: 1024 },
      event_attributes: {
        type: 'object',
        additionalProperties: true,
        properties: {
          object: {
            type: 'object',
            additionalProperties: true,
            required: ['object_id'],
            properties: {
              object_id: {
                anyOf: [{ type: 'string', maxLength: 256 }, { type: 'integer' }],
                description: "the hit's id as the search response gave it",
              },
              object_id_field: { type: 'string', maxLength: 100 },
            },
          },
          position: {
            type: 'object',
            additionalProperties: true,
            properties: { ordinal: { type: 'integer', minimum: 1, description: '1 is the first result shown' } },
          },
        },
      },
    },
  }),
  NewJudgement: inputSide({
    type: 'object',
    additionalProperties: false,
    required: ['qrels', 'query_id', 'doc_id'],
    properties: {
      qrels: { type: 'string', description: 'a BEIR qrels file (DIR/qrels/SPLIT.tsv) inside the corpora root' },
      query_id: str,
      doc_id: str,
      grade: { type: 'integer', minimum: 0, maximum: 10, default: 1 },
      note: { type: 'string', maxLength: 2000 },
      judge: { type: 'string', maxLength: 100, description: 'who judged: a person or a model' },
      source: {
        type: 'string',
        pattern: '^[A-Za-z][A-Za-z0-9_-]{0,31}$',
        description: 'what kind of judgement: human, expert, llm, tickets, clicks or another short word',
      },
    },
  }),
  TrafficSummary: {
    ...obj({
      searches: int,
      distinctQueries: { ...int, description: 'distinct texts after normalising (NFKC, lower case, whitespace)' },
      clients: { ...int, description: 'distinct client ids over searches and events' },
      eventsByAction: {
        type: 'object',
        additionalProperties: int,
        description: 'every event by its action_name; at most 100 names (the most frequent), see capped',
      },
      clicks: { ...int, description: 'click events' },
      perDay: {
        type: 'array',
        description:
          'every UTC day from the first logged to the last, days without traffic as 0; over 1,000 days only the latest 1,000 days with traffic, see capped',
        items: obj({ day: { type: 'string', format: 'date' }, searches: int, clicks: int }),
      },
      daysWithTraffic: {
        type: ['object', 'null'],
        description:
          'the UTC days with a dated search or click (not the span from first to last), also when perDay is capped; null when nothing is dated',
        properties: { count: int, first: { type: 'string', format: 'date' }, last: { type: 'string', format: 'date' } },
        required: ['count', 'first', 'last'],
        additionalProperties: false,
      },
      undatedSearches: { ...int, description: 'searches without a readable timestamp (not in perDay)' },
      topQueries: { type: 'array', items: { $ref: '#/components/schemas/TrafficQuery' } },
      zeroHitQueries: {
        type: 'array',
        description: 'queries with searches that found nothing, by those searches',
        items: { $ref: '#/components/schemas/TrafficQuery' },
      },
      byPosition: {
        type: 'array',
        description:
          'click-through by rank: impressions = searches showing a hit at the ordinal, clicks = those clicked there (once each), ctr = clicks / impressions (null without impressions)',
        items: obj({ ordinal: int, impressions: int, clicks: int, ctr: { type: ['number', 'null'] } }),
      },
      withoutHitList: { ...int, description: 'searches whose log does not say what was shown: not in byPosition' },
      unmatchedEvents: { ...int, description: 'events naming a query_id no logged search has' },
      dropped: {
        type: 'array',
        description: 'log records not read, by reason, with the first few (file:line)',
        items: obj({ reason: str, count: int, examples: { type: 'array', items: str } }),
      },
      lost_log_writes: {
        $ref: '#/components/schemas/LostLogWrites',
        description: 'only on a server writing the log (--log-queries), not one shown a log it does not write',
      },
      capped: {
        type: 'array',
        description:
          'the fields cut to their bucket limit (as Elasticsearch caps search.max_buckets), each with the rows it would have had and what was left out; empty when none was',
        items: obj({
          field: { type: 'string', enum: ['perDay', 'eventsByAction'] },
          maxBuckets: int,
          buckets: int,
          message: str,
        }),
      },
    }),
    required: [
      'searches',
      'distinctQueries',
      'clients',
      'eventsByAction',
      'clicks',
      'perDay',
      'daysWithTraffic',
      'undatedSearches',
      'topQueries',
      'zeroHitQueries',
      'byPosition',
      'withoutHitList',
      'unmatchedEvents',
      'dropped',
      'capped',
    ],
    description: 'TrafficSummary (src/traffic/traffic-summary.ts)',
  },
  Interleavings: {
    ...obj({
      interleavings: {
        type: 'array',
        description: 'one entry per pair of arms of each interleaving (multileave: every pair), by name',
        items: { $ref: '#/components/schemas/InterleavingPair' },
      },
      interleaved_searches: { ...int, description: 'logged searches whose record names an interleaving' },
      ignored: {
        type: 'array',
        description:
          'clicks and searches that could not be credited (a document the list did not show, a repeat click, ...)',
        items: { $ref: '#/components/schemas/DroppedCount' },
      },
      dropped: {
        type: 'array',
        description: 'records reading the log left out, malformed interleavings among them',
        items: { $ref: '#/components/schemas/DroppedCount' },
      },
    }),
    description: 'InterleavingsJson (src/traffic/interleaving/interleaving-report.ts): testbed interleave --json',
  },
  InterleavingPair: {
    ...obj({
      name: str,
      method: { type: 'string', enum: ['team-draft', 'balanced', 'team-draft-multileave'] },
      arms: { type: 'array', items: str, minItems: 2, maxItems: 2, description: '[A, B]: delta above 0 favours A' },
      searches: { ...int, description: 'searches with a click credited to A or B' },
      searches_without_clicks: { ...int, description: 'searches with no click for A or B' },
      wins: { type: 'object', additionalProperties: int, description: 'searches won, by arm' },
      ties: int,
      delta: {
        type: ['number', 'null'],
        description: '(wins_A - wins_B) / (wins_A + wins_B + ties); null without searches',
      },
      ci95: {
        type: ['array', 'null'],
        items: num,
        minItems: 2,
        maxItems: 2,
        description: 'percentile bootstrap 95% interval of delta over searches (seeded)',
      },
      p: {
        type: ['number', 'null'],
        description: 'two-sided exact sign test over the non-tied searches; null when none',
      },
      winner: { type: ['string', 'null'], description: 'the arm with more wins when p < 0.05' },
      more_searches_needed: {
        type: ['integer', 'null'],
        description:
          'searches with clicks still needed to decide at this delta (sign test sample size, α 0.05, power 0.8); 0 once decided, null when delta is 0',
      },
    }),
    description: 'PairPreference (src/traffic/interleaving/pair-preferences.ts)',
  },
  TrafficQuery: {
    ...obj({
      query: { ...str, description: 'the most frequent form typed' },
      searches: int,
      clickThrough: { ...num, description: 'share of its searches with at least one click' },
      zeroHit: { ...int, description: 'its searches that found nothing' },
    }),
    description: 'QueryRow (src/traffic/traffic-summary.ts)',
  },
  NewExpertQuery: inputSide({
    type: 'object',
    additionalProperties: false,
    required: ['qrels', 'text', 'judge', 'judgements'],
    properties: {
      qrels: { type: 'string', description: 'qrels path inside the corpora root, in a BEIR folder' },
      text: { type: 'string', maxLength: 2000, description: 'the question; whitespace runs become one space' },
      judge: { type: 'string', maxLength: 100, description: 'who wrote the question' },
      judgements: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['doc_id', 'grade'],
          properties: {
            doc_id: { type: 'string', description: 'a document of corpus.jsonl, once per question' },
            grade: {
              type: 'integer',
              minimum: 0,
              maximum: 3,
              description: "the judging page's scale; all 0 is allowed",
            },
            note: { type: 'string', maxLength: 2000 },
          },
        },
      },
      note: { type: 'string', maxLength: 2000, description: 'kept in the query metadata' },
    },
  }),
  QueryRecord: {
    ...obj({ _id: str, text: str, metadata: { type: 'object', additionalProperties: true } }),
    description:
      'A BEIR query record; a written question has metadata source "expert", judge, date and maybe note (src/gold/expert-query.ts)',
  },
  Addition: {
    ...obj(
      {
        query_id: str,
        doc_id: str,
        grade: int,
        date: { type: 'string', format: 'date-time' },
        note: str,
        judge: str,
        source: str,
      },
      ['query_id', 'doc_id', 'grade', 'date'],
    ),
    description: 'Addition (src/gold/types.ts)',
  },
};

/**
 * The shorthand parameters as a JSON body (the names of the query string), and `extra` fields.
 * Closed, as the server refuses unknown names: so a body with `legs` is a PipelineRequest only.
 */
function shorthandRequest(extra: Record<string, unknown> = {}) {
  const properties = Object.fromEntries(
    SEARCH_PARAM_NAMES.map((name) => {
      const { help, schema } = SEARCH_PARAMS[name] as ParamSpec;
      // A JSON body may give the two weights as an array as well as "1,0.5".
      const value =
        name === 'weights' ? { oneOf: [schema, { type: 'array', items: num, minItems: 2, maxItems: 2 }] } : schema;
      return [name, { ...value, description: help }];
    }),
  );
  return { ...obj({ ...properties, ...extra }, ['index', 'q']), additionalProperties: false };
}
