import { z } from 'zod/v4';
import { DEFAULT_ENGINE, DEFAULT_K, DEFAULT_LEVEL, FUSION_DEFAULTS, MAX_DEPTH, MAX_K, MAX_LEGS } from './defaults.js';
import { elasticsearchFields, ENGINE_LEG_DESCRIPTIONS, opensearchFields, qdrantFields } from './engine-leg-specs.js';
import { filterSpec } from './filter-spec.js';
import { httpLegFields } from './http-leg-spec.js';
import { LANGUAGE_CODE } from './language-code.js';
import { ENGINES, FUSION_METHOD_NAMES, LEVELS, NORM_NAMES } from './names.js';
import { numberParam } from './param-types.js';
import { rerankSpec } from './rerank-spec.js';

/**
 * The one description of a retrieval pipeline: named legs -> fusion (when there is more than
 * one leg) -> rerank (rerank-spec.ts; optional) -> the top k at a level, within a
 * filter. HTTP (POST /search and GET /search?legs=...), `testbed search|retrieve --pipeline`,
 * an experiment retriever's `legs:`/`fusion:` and the OpenAPI document all read this schema;
 * the shorthands (`/search/hybrid`, `--mode`, `mode:` in YAML) expand into it (shorthand.ts).
 */

export const LEG_NAME = /^[A-Za-z0-9][A-Za-z0-9_.+-]{0,39}$/;
const legName = z
  .string()
  .regex(LEG_NAME, 'a leg name is 1-40 letters, digits and . _ + - (it keys `sources` and the timings)')
  .describe('how the leg is named in `sources`, timings and weights; default: its engine (lexical), "dense" or "run"');

const lexicalLeg = z
  .object({
    type: z.literal('lexical'),
    name: legName.optional(),
    engine: z
      .enum(ENGINES)
      .default(DEFAULT_ENGINE)
      .describe(
        "wink (k1, b settable; Anserini's 0.9 and 0.4 by default) or fts5 (SQLite's bm25(), k1 1.2 and b 0.75 fixed)",
      ),
    k1: z.number().min(0).max(10).optional().describe('wink only: term-frequency saturation (default 0.9)'),
    b: z.number().min(0).max(1).optional().describe('wink only: length normalisation (default 0.4)'),
  })
  .strict()
  .describe("BM25 over the index's analysed terms");

const denseLeg = z
  .object({ type: z.literal('dense'), name: legName.optional() })
  .strict()
  .describe("exact cosine scan over the index's vectors, the query embedded by the index's own embedder");

const runLeg = z
  .object({
    type: z.literal('run'),
    name: legName.optional(),
    file: z
      .string()
      .min(1)
      .describe('a TREC run file (qid Q0 docid rank score tag), e.g. a Pyserini or production run'),
  })
  .strict()
  .describe(
    "a TREC run file as a leg: each query's ranking is read by its query id (query sets only: retrieve, experiments); document level only",
  );

// Search engines the user runs (engine-leg-specs.ts has their fields).
const opensearchLeg = z
  .object({ type: z.literal('opensearch'), name: legName.optional(), ...opensearchFields })
  .strict()
  .describe(ENGINE_LEG_DESCRIPTIONS.opensearch);
const elasticsearchLeg = z
  .object({ type: z.literal('elasticsearch'), name: legName.optional(), ...elasticsearchFields })
  .strict()
  .describe(ENGINE_LEG_DESCRIPTIONS.elasticsearch);
const qdrantLeg = z
  .object({ type: z.literal('qdrant'), name: legName.optional(), ...qdrantFields })
  .strict()
  .describe(ENGINE_LEG_DESCRIPTIONS.qdrant);

const httpLeg = z
  .object({ type: z.literal('http'), name: legName.optional(), ...httpLegFields })
  .strict()
  .describe(
    'any search API over HTTP (src/schemas/http-leg-spec.ts): a URL and body template, where the hits are and which fields hold the id and score',
  );

export const legSpec = z.discriminatedUnion('type', [
  lexicalLeg,
  denseLeg,
  runLeg,
  httpLeg,
  opensearchLeg,
  elasticsearchLeg,
  qdrantLeg,
]);

export const fusionSpec = z
  .object({
    method: z
      .enum(FUSION_METHOD_NAMES)
      .default(FUSION_DEFAULTS.method)
      .describe('fusion method, as ranx.fuse defines it (README: "Fusing runs")'),
    norm: z
      .enum(NORM_NAMES)
      .default(FUSION_DEFAULTS.norm)
      .describe('score normalisation of the score methods (comb*, wsum); ignored by rrf, isr, borda, dbsf'),
    rrf_k: z.number().positive().max(1e6).default(FUSION_DEFAULTS.rrfK).describe('the RRF constant k (rrf only)'),
    weights: z
      .union([
        z.array(z.number().min(0).max(1e6)).min(1).max(MAX_LEGS),
        z.record(z.string(), z.number().min(0).max(1e6)),
      ])
      .optional()
      .describe(
        'per-leg weights (rrf, isr, borda, wsum, dbsf): a list in leg order or {leg name: weight}; default 1 each',
      ),
    depth: z
      .number()
      .int()
      .min(1)
      .max(MAX_DEPTH)
      .default(FUSION_DEFAULTS.depth)
      .describe('hits taken from each leg before fusing'),
  })
  .strict();

const languageCode = z.string().regex(LANGUAGE_CODE, 'a language code such as de or zh');

/** What a pipeline is, as every caller spells it. */
export const pipelineSpec = z
  .object({
    legs: z.array(legSpec).min(1).max(MAX_LEGS).describe('the retrievers whose lists are fused, each named'),
    fusion: fusionSpec.optional().describe('how the legs are fused (two legs or more)'),
    rerank: rerankSpec
      .optional()
      .describe("rescore the first stage's top depth hits with a cross-encoder or a /rerank endpoint"),
    k: numberParam('k', { int: true, min: 1, max: MAX_K }).default(DEFAULT_K).describe(`hits to return, 1 to ${MAX_K}`),
    level: z
      .enum(LEVELS)
      .default(DEFAULT_LEVEL)
      .describe('rank passages (chunk) or whole documents by their best passage (doc)'),
    filter: filterSpec
      .optional()
      .describe('only documents whose metadata match: {"lang": "de", "year": {"gte": 2020}, "type": {"in": ["faq"]}}'),
    qlang: languageCode
      .optional()
      .describe(
        "the query's language, which picks the analyser's stemmer on multilingual indexes (detected when absent)",
      ),
  })
  .strict();

export type LegSpec = z.infer<typeof legSpec>;
export type FusionSpec = z.infer<typeof fusionSpec>;
export type PipelineSpec = z.infer<typeof pipelineSpec>;
/** As a caller may write it: every defaulted field optional. */
export type PipelineInput = z.input<typeof pipelineSpec>;
