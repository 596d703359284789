import { z } from 'zod/v4';
import { DEFAULT_K, DEFAULT_LEVEL, MAX_K, MAX_LEGS } from '../schemas/defaults.js';
import { filterSpec } from '../schemas/filter-spec.js';
import { legSpec } from '../legs/leg-schema.js';
import { LANGUAGE_CODE } from '../schemas/language-code.js';
import { fusionSpec } from '../fusion/fusion-spec.js';
import { LEVELS } from '../schemas/names.js';
import { numberParam } from '../schemas/param-types.js';
import { rerankSpec } from './rerank-spec.js';

/**
 * The one description of a retrieval pipeline: named legs -> fusion (when there is more than
 * one leg) -> rerank (rerank-spec.ts; optional) -> the top k at a level, within a
 * filter. HTTP (POST /search and GET /search?legs=...), `testbed search|retrieve --pipeline`,
 * an experiment retriever's `legs:`/`fusion:` and the OpenAPI document all read this schema;
 * the shorthands (`/search/hybrid`, `--mode`, `mode:` in YAML) expand into it (shorthand.ts).
 * The fusion block is the fusion layer's (fusion/fusion-spec.ts): its constants come from the
 * method rows.
 */

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

export type PipelineSpec = z.infer<typeof pipelineSpec>;
/** As a caller may write it: every defaulted field optional. */
export type PipelineInput = z.input<typeof pipelineSpec>;
