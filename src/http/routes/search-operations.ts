import { z } from 'zod/v4';
import { pipelineSpec } from '../../pipeline/pipeline-spec.js';
import { shorthandParams } from '../../pipeline/shorthand.js';
import { MAX_QUERY_CHARS } from '../../schemas/limits.js';
import { MODE_PARAM, SEARCH_PARAMS } from '../../search/request-params.js';
import { refTo, requestComponent } from '../openapi/components.js';
import { error, json, jsonBody, type Operation, query, ref } from '../openapi/operation-parts.js';
import { queryParameters } from '../openapi/query-parameters.js';
import { MAX_CLIENT_ID_LENGTH } from './client-id.js';
import { modeParam, searchParameters } from './search-parameters.js';
import { InterleavedSearchResponse, SearchResponse } from './search-answers.js';

/*
 * The bodies a search takes, named for the document: `index` and `q` (checked by
 * search/search-params.ts) with the schemas that validate the rest, the shorthand's rows
 * (pipeline/shorthand.ts) or the pipeline spec (pipeline/pipeline-spec.ts). Closed, as the server
 * refuses unknown names: so a body with `legs` is a PipelineRequest only.
 */
const index = z.string().describe(SEARCH_PARAMS.index.help);
const q = z.string().min(1).max(MAX_QUERY_CHARS).describe(SEARCH_PARAMS.q.help);
const { mode, ...shorthandFields } = shorthandParams.shape;
requestComponent(
  'SearchRequest',
  z
    .object({ index, q, ...shorthandFields })
    .strict()
    .describe('a shorthand search as a JSON body: the same names as the query string, the mode given by the path'),
);
requestComponent(
  'ModeSearchRequest',
  z
    .object({ index, q, ...shorthandFields, mode })
    .strict()
    .describe('a shorthand search as a JSON body to POST /search: SearchRequest with the mode in the body'),
);
requestComponent(
  'PipelineRequest',
  z
    .object({ index, q, ...pipelineSpec.shape })
    .strict()
    .describe(
      'a pipeline search (src/pipeline/pipeline-spec.ts, generated from its zod schema): named legs, fusion, k, level, filter',
    ),
);

/** What an interleaved search takes (serving/interleavings/interleaved-search.ts): the arms' pipelines are the file's. */
const interleavedFields = {
  index,
  q,
  k: pipelineSpec.shape.k,
  level: pipelineSpec.shape.level,
  interleaving: z
    .string()
    .optional()
    .describe("the interleaving's name in the --interleave file; may be left out when the index has exactly one"),
};
const interleavedQuery = z.object(interleavedFields).strict();
requestComponent(
  'InterleavedSearchRequest',
  interleavedQuery.describe(
    "an interleaved search to POST /search/interleaved: the query, k and level every arm searches with (the arms' pipelines are the --interleave file's)",
  ),
);
// Required here, as it is what makes a /search body an interleaved search: and so a generated
// client's type for a pipeline body is not met by this one's (a union member without legs).
requestComponent(
  'NamedInterleavedSearchRequest',
  z
    .object({
      ...interleavedFields,
      interleaving: z.string().min(1).describe("the interleaving's name in the --interleave file"),
    })
    .strict()
    .describe(
      'an interleaved search as a JSON body to POST /search: InterleavedSearchRequest with the interleaving named',
    ),
);

/** A search's answer: the hits, and the query_id that events about them name (header and body). */
const searchAnswer = {
  ...json(refTo(SearchResponse), 'ranked hits'),
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
  schema: { type: 'string', maxLength: MAX_CLIENT_ID_LENGTH },
};
/** An interleaved search's answer: the merged hits with their teams, and the query_id (header and body). */
const interleavedAnswer = {
  ...json(refTo(InterleavedSearchResponse), "the arms' hits merged, each with its team"),
  headers: searchAnswer.headers,
};
/** /search answers a search, or an interleaved one when the request names an interleaving. */
const searchOrInterleavedAnswer = {
  ...json(
    { oneOf: [refTo(SearchResponse), refTo(InterleavedSearchResponse)] },
    "ranked hits; with interleaving, the arms' hits merged",
  ),
  headers: searchAnswer.headers,
};
const interleavedParameters = queryParameters(interleavedQuery);
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

/** The OpenAPI operations of the search routes (routes/search.ts). */
export const SEARCH_OPERATIONS = {
  search: {
    operationId: 'search',
    tags: ['search'],
    summary: 'Search an index: a pipeline (legs, as JSON) or a shorthand (mode and its parameters)',
    description:
      'Pipeline form: `legs` (and `fusion`, `rerank`, `filter`) as JSON text, with `k`, `level`, `qlang`; see the PipelineRequest schema. Shorthand form: `mode` and the parameters of /search/{mode}. Unknown parameters answer 400.',
    parameters: [
      ...searchParameters.slice(0, 2),
      query('mode', `${MODE_PARAM.help} (a shorthand pipeline)`, MODE_PARAM.schema),
      query('legs', 'pipeline form: the legs as JSON, e.g. [{"type":"lexical","engine":"fts5"},{"type":"dense"}]', {
        type: 'string',
      }),
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
  searchWithBody: {
    operationId: 'searchWithBody',
    tags: ['search'],
    summary: 'Search an index: a pipeline or a shorthand (with mode) as a JSON body',
    description:
      'A body with `interleaving` (and index, q, k, level only) is an interleaved search, answered as POST /search/interleaved answers it.',
    parameters: [clientIdHeader],
    requestBody: jsonBody({
      oneOf: [ref('PipelineRequest'), ref('ModeSearchRequest'), ref('NamedInterleavedSearchRequest')],
    }),
    responses: {
      '200': searchOrInterleavedAnswer,
      ...searchErrors,
      ...interleavedErrors,
      '413': error('body over 64 kB'),
    },
  },
  searchInterleaved: {
    operationId: 'searchInterleaved',
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
  searchInterleavedWithBody: {
    operationId: 'searchInterleavedWithBody',
    tags: ['search'],
    summary: 'An interleaved search, parameters as a JSON body',
    description: INTERLEAVED_DESCRIPTION,
    parameters: [clientIdHeader],
    requestBody: jsonBody(ref('InterleavedSearchRequest')),
    responses: {
      '200': interleavedAnswer,
      ...searchErrors,
      ...interleavedErrors,
      '413': error('body over 64 kB'),
    },
  },
  searchByMode: {
    operationId: 'searchByMode',
    tags: ['search'],
    summary: 'Search an index with a shorthand pipeline (bm25, dense, hybrid)',
    parameters: [modeParam, ...searchParameters, clientIdHeader],
    responses: { '200': searchAnswer, ...searchErrors, '414': error('URL over 256 kB') },
  },
  searchByModeWithBody: {
    operationId: 'searchByModeWithBody',
    tags: ['search'],
    summary: 'Search an index, parameters as a JSON body',
    parameters: [modeParam, clientIdHeader],
    requestBody: jsonBody(ref('SearchRequest')),
    responses: { '200': searchAnswer, ...searchErrors, '413': error('body over 64 kB') },
  },
} satisfies Record<string, Operation>;
