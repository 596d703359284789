import { z } from 'zod/v4';
import { settledConstantsSchema } from '../../pipeline/settle-constants.js';
import { pipelineSpec } from '../../pipeline/pipeline-spec.js';
import { MODES } from '../../pipeline/shorthand-rows.js';
import { INTERLEAVING_METHODS } from '../../ranking/interleave/types.js';
import { answerJsonSchema, requestJsonSchema } from '../../schemas/json-schema.js';
import { answerComponent, derivedComponent, namedField } from '../openapi/components.js';
import type { HitView } from '../../search/types.js';

type Json = Record<string, unknown>;

/*
 * What a search answers (src/search/types.ts SearchResponse, HitView; the searchers write it,
 * routes/search.ts adds the query_id), described for the document and its generated clients.
 */
const int = z.number().int();
const level = z.enum(['chunk', 'doc']);
const uuid = (description: string) => z.string().meta({ format: 'uuid', description });

export const Sources = answerComponent(
  'Sources',
  z
    .record(z.string(), z.object({ rank: int, score: z.number() }))
    .describe(
      "fused hits: rank and score in each leg that returned them, keyed by leg name (the hybrid shorthand's are bm25 and dense)",
    ),
);

export const Hit: z.ZodType<HitView> = answerComponent(
  'Hit',
  z
    .object({
      rank: int,
      id: z.string(),
      doc_id: z.string(),
      score: z.number(),
      title: z.string(),
      text: z.string(),
      start: int,
      end: int,
      sources: Sources.optional(),
    })
    .describe('HitView (src/search/types.ts)'),
);

/** The settled fusion (resolve-pipeline.ts Fusion): every default filled in, the weights in leg order. */
const settledFusion = z
  .object({
    method: z.string(),
    norm: z.string(),
    weights: z.array(z.number()).describe('per leg, in leg order'),
    depth: int.describe('hits taken from each leg before fusing'),
  })
  .strict()
  .describe('Fusion: every default filled in, the weights in leg order (present with two legs or more)');

/** The settled rerank stage (pipeline/rerank-spec.ts Rerank): camelCase, every default filled in. */
const settledRerank = z
  .union([
    z
      .object({
        type: z.literal('cross-encoder'),
        name: z.string(),
        model: z.string(),
        depth: int,
        batch: int,
        quantized: z.boolean(),
      })
      .strict(),
    z
      .object({
        type: z.literal('http'),
        name: z.string(),
        url: z.string(),
        model: z.string().optional(),
        depth: int,
        topN: int.describe('results asked for; at most depth'),
        shape: z.enum(['cohere', 'tei']),
        headers: z.record(z.string(), z.string()).optional(),
        timeoutMs: int.optional(),
        retries: int.optional(),
        concurrency: int.optional(),
        failAfter: int.optional(),
      })
      .strict(),
  ])
  .describe('Rerank (src/pipeline/rerank-spec.ts): the rerank stage, settled');

/**
 * A pipeline as it ran (resolve-pipeline.ts Pipeline), settled from its request: the request's
 * schema, generated from the zod spec when the document is made (so its leg types are the
 * registry's rows then), with the parts settling rewrites written as settled. A leg is the
 * spec's leg, open to the fields its row's settle adds.
 */
const Pipeline = derivedComponent('Pipeline', () => {
  const spec = requestJsonSchema(pipelineSpec) as { properties: Record<string, Json> };
  const { legs, fusion, rerank: _request, ...rest } = spec.properties;
  const fusionFields = (fusion as { properties: Record<string, Json> }).properties;
  const items = legs!.items as Json;
  const variants = (items.anyOf ?? items.oneOf ?? [items]) as Json[];
  const answered = answerJsonSchema(settledFusion) as { properties: Record<string, Json>; required?: string[] };
  // The constants of the method rows registered when the document is made (settle-constants.ts),
  // by their settled names: rrfK always, the others when given.
  const constants = settledConstantsSchema();
  const fusionSchema = {
    ...answered,
    properties: { ...answered.properties, ...constants.properties },
    required: [...(answered.required ?? []), ...constants.required],
  };
  return {
    type: 'object',
    additionalProperties: false,
    required: ['legs', 'k', 'level'],
    properties: {
      ...rest,
      legs: { ...legs, items: { anyOf: variants.map(({ additionalProperties: _closed, ...leg }) => leg) } },
      // The method and norm as the request names them: the registries' names when the document is made.
      fusion: {
        ...fusionSchema,
        properties: { ...fusionSchema.properties, method: fusionFields.method, norm: fusionFields.norm },
      },
      rerank: answerJsonSchema(settledRerank),
    },
    description:
      'Pipeline (src/pipeline/resolve-pipeline.ts): a pipeline as it ran, settled from its request (pipeline-spec.ts)',
  };
});

export const SearchResponse = answerComponent(
  'SearchResponse',
  z
    .object({
      query_id: uuid(
        'this search, for the UBI events (clicks) about its hits (POST /events); also the X-Query-Id header',
      ),
      index: z.string(),
      mode: z
        .enum([...MODES, 'pipeline'])
        .describe('the shorthand searched with, or pipeline for a pipeline given as legs'),
      q: z.string(),
      k: int,
      level,
      pipeline: namedField(Pipeline).describe('the pipeline that ran, every default filled in (a shorthand expanded)'),
      took_ms: z
        .record(z.string(), z.number())
        .describe('total and per stage: bm25, dense, dense.embed, fuse, hydrate, ...'),
      hits: z.array(Hit),
      expansions: z
        .record(z.string(), z.array(z.object({ term: z.string(), weight: z.number() })))
        .optional()
        .describe(
          'per leg that expanded the query (rm3, rocchio, bo1), by leg name: the weighted terms it scored, heaviest first',
        ),
    })
    .describe('SearchResponse (src/search/types.ts)'),
);

export const InterleavedHit = answerComponent(
  'InterleavedHit',
  z
    .intersection(
      Hit,
      z.object({
        team: z
          .string()
          .describe(
            'the arm credited with the hit: team draft and multileaving, the arm that picked it; balanced, the arm whose list it was taken from',
          ),
      }),
    )
    .describe("a hit as its arm answered it (the score is that arm's), ranked where the merge put it, with its team"),
);

export const InterleavedSearchResponse = answerComponent(
  'InterleavedSearchResponse',
  z.union([
    z
      .object({
        query_id: uuid(
          'this search, for the UBI events (clicks) about its hits (POST /events); also the X-Query-Id header. Its coin flips are drawn from a generator seeded by it',
        ),
        interleaving: z.string().describe("the interleaving's name"),
        method: z.enum(INTERLEAVING_METHODS),
        arms: z.array(z.string()).describe("the arms' names, in the file's order"),
        index: z.string(),
        q: z.string(),
        k: int,
        level,
        hits: z.array(InterleavedHit),
      })
      .describe("the arms' lists merged (InterleavedAnswer, src/serving/interleavings/interleaved-search.ts)"),
    z
      .intersection(
        SearchResponse,
        z.object({
          interleaving: z.null(),
          method: z.null(),
          arm: z.string().describe('the first arm, which answered alone'),
        }),
      )
      .describe(
        "a search the interleaving's share left out: the first arm's own answer, logged as its search, no hit with a team",
      ),
  ]),
);
