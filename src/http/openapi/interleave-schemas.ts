import { INTERLEAVING_METHODS } from '../../ranking/interleave/types.js';
import { SEARCH_PARAMS } from '../../search/request-params.js';
import { inputSide } from './input-side.js';
import { int, obj, str } from './schema-parts.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The parameters of an interleaved search, described as the search parameters of the same names are. */
export const INTERLEAVED_PARAMS = {
  index: SEARCH_PARAMS.index,
  q: SEARCH_PARAMS.q,
  k: SEARCH_PARAMS.k,
  level: SEARCH_PARAMS.level,
  interleaving: {
    help: "the interleaving's name in the --interleave file; may be left out when the index has exactly one",
    schema: str,
  },
};

const queryId = {
  type: 'string',
  format: 'uuid',
  description:
    'this search, for the UBI events (clicks) about its hits (POST /events); also the X-Query-Id header. Its coin flips are drawn from a generator seeded by it',
};

/** The schemas of `GET|POST /search/interleaved` (and of /search with `interleaving`): serving/interleavings/. */
export const interleaveSchemas: Record<string, unknown> = {
  InterleavedSearchRequest: interleavedRequest(
    ['index', 'q'],
    "an interleaved search to POST /search/interleaved: the query, k and level every arm searches with (the arms' pipelines are the --interleave file's)",
  ),
  // Required here, as it is what makes a /search body an interleaved search: and so a generated
  // client's type for a pipeline body is not met by this one's (a union member without legs).
  NamedInterleavedSearchRequest: interleavedRequest(
    ['index', 'q', 'interleaving'],
    'an interleaved search as a JSON body to POST /search: InterleavedSearchRequest with the interleaving named',
  ),
  InterleavedHit: {
    allOf: [
      ref('Hit'),
      obj({
        team: {
          type: 'string',
          description:
            'the arm credited with the hit: team draft and multileaving, the arm that picked it; balanced, the arm whose list it was taken from',
        },
      }),
    ],
    description: "a hit as its arm answered it (the score is that arm's), ranked where the merge put it, with its team",
  },
  InterleavedSearchResponse: {
    oneOf: [
      {
        ...obj({
          query_id: queryId,
          interleaving: { ...str, description: "the interleaving's name" },
          method: { type: 'string', enum: [...INTERLEAVING_METHODS] },
          arms: { type: 'array', items: str, description: "the arms' names, in the file's order" },
          index: str,
          q: str,
          k: int,
          level: { type: 'string', enum: ['chunk', 'doc'] },
          hits: { type: 'array', items: ref('InterleavedHit') },
        }),
        description: "the arms' lists merged (InterleavedAnswer, src/serving/interleavings/interleaved-search.ts)",
      },
      {
        allOf: [
          ref('SearchResponse'),
          obj({
            interleaving: { type: 'null' },
            method: { type: 'null' },
            arm: { ...str, description: 'the first arm, which answered alone' },
          }),
        ],
        description:
          "a search the interleaving's share left out: the first arm's own answer, logged as its search, no hit with a team",
      },
    ],
  },
};

/** The body of an interleaved search, closed as the server refuses other names. */
function interleavedRequest(required: string[], description: string) {
  return inputSide({
    ...obj(
      Object.fromEntries(
        Object.entries(INTERLEAVED_PARAMS).map(([name, spec]) => [name, { ...spec.schema, description: spec.help }]),
      ),
      required,
    ),
    additionalProperties: false,
    description,
  });
}
