import { z } from 'zod/v4';
import { DEFAULT_K, DEFAULT_LEVEL, FUSION_DEFAULTS, MAX_DEPTH, MAX_K, MAX_LEGS } from '../schemas/defaults.js';
import { filterSpec } from '../schemas/filter-spec.js';
import { legSpec } from '../legs/leg-schema.js';
import { LANGUAGE_CODE } from '../schemas/language-code.js';
import { fusionMethodNames } from '../fusion/method-registry.js';
import { COMBGMNZ_DEFAULT_GAMMA } from '../fusion/methods/combgmnz.js';
import { LOGN_ISR_DEFAULT_SIGMA } from '../fusion/methods/logn-isr.js';
import { normNames } from '../fusion/norm-registry.js';
import { LEVELS } from '../schemas/names.js';
import { numberParam } from '../schemas/param-types.js';
import { registryEnum } from '../schemas/registry-enum.js';
import { rerankSpec } from './rerank-spec.js';

/**
 * The one description of a retrieval pipeline: named legs -> fusion (when there is more than
 * one leg) -> rerank (rerank-spec.ts; optional) -> the top k at a level, within a
 * filter. HTTP (POST /search and GET /search?legs=...), `testbed search|retrieve --pipeline`,
 * an experiment retriever's `legs:`/`fusion:` and the OpenAPI document all read this schema;
 * the shorthands (`/search/hybrid`, `--mode`, `mode:` in YAML) expand into it (shorthand.ts).
 */

export const fusionSpec = z
  .object({
    // The methods and normalisations registered when a pipeline is read (fusion/method-registry.ts).
    method: registryEnum(fusionMethodNames)
      .default(FUSION_DEFAULTS.method)
      .describe('fusion method, as ranx.fuse defines it (docs/pipelines.md, "Fusing runs and tuning fusion")'),
    norm: registryEnum(normNames)
      .default(FUSION_DEFAULTS.norm)
      .describe('score normalisation of the score methods (comb*, wsum, wmnz); ignored by the rank methods and dbsf'),
    rrf_k: z.number().positive().max(1e6).default(FUSION_DEFAULTS.rrfK).describe('the RRF constant'),
    // Optional, not defaulted: a pipeline that does not give them keeps its settled form (and cache key).
    gamma: z
      .number()
      .min(0)
      .max(1e6)
      .optional()
      .describe(`combgmnz's exponent γ on n(d) (default ${COMBGMNZ_DEFAULT_GAMMA}); refused for the other methods`),
    sigma: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe(`logn_isr's σ, in [0, 1] (default ${LOGN_ISR_DEFAULT_SIGMA}); refused for the other methods`),
    weights: z
      .union([
        z.array(z.number().min(0).max(1e6)).min(1).max(MAX_LEGS),
        z.record(z.string(), z.number().min(0).max(1e6)),
      ])
      .optional()
      .describe(
        'per-leg weights (the parameters of rrf, isr, log_isr, logn_isr, borda, w_condorcet, wsum, wmnz, dbsf): a list in leg order or {leg name: weight}; default 1 each',
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
    level: z.enum(LEVELS).default(DEFAULT_LEVEL).describe('rank passages or whole documents (by their best passage)'),
    filter: filterSpec
      .optional()
      .describe('only documents whose metadata match, as JSON: {"year": {"gte": 2020}, "type": {"in": ["faq"]}}'),
    qlang: languageCode
      .optional()
      .describe(
        "the query's language, which picks the analyser's stemmer on multilingual indexes (detected when absent)",
      ),
  })
  .strict();

export type FusionSpec = z.infer<typeof fusionSpec>;
export type PipelineSpec = z.infer<typeof pipelineSpec>;
/** As a caller may write it: every defaulted field optional. */
export type PipelineInput = z.input<typeof pipelineSpec>;
