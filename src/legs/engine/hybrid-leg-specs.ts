import { z } from 'zod/v4';
import { awsSigV4Field } from '../../remote/sigv4.js';
import { efSearchField } from './engine-knobs.js';
import {
  type EngineLegOf,
  type PlainEngineLeg,
  numCandidatesField,
  qdrantFields,
  searchEngineFields,
} from './engine-leg-specs.js';

/**
 * The fields of the engines' own hybrid search as legs: one request per query in which the
 * engine runs a lexical and a dense sub-query and fuses them itself. The sub-queries are the
 * ones the plain legs send (`{type: opensearch}` with `query: bm25` and with `query: knn`, and
 * so on), so an experiment can put the engine's fusion beside ours over the very same two legs
 * (docs/scale-out.md, "The engine's hybrid against ours"). There is no `body:`: a leg of one's own
 * shape is a plain leg with a body.
 */

/** Defaults the engines document for their fusion, sent explicitly so a report says what ran. */
export const HYBRID_DEFAULTS = Object.freeze({
  /** RRF's k in the engines' formula 1 / (k + rank): 60 in OpenSearch and Elasticsearch. */
  rankConstant: 60,
  normalization: 'min_max',
  combination: 'arithmetic_mean',
  qdrantFusion: 'rrf',
  /** Qdrant's server-side BM25 (a sparse vector with the IDF modifier, made from the text). */
  qdrantLexicalModel: 'qdrant/bm25',
});

const { query: _query, body: _body, ...sharedSearchFields } = searchEngineFields;

const rankConstant = z
  .number()
  .int()
  .min(1)
  .max(10_000)
  .optional()
  .describe(`RRF's k in 1 / (k + rank) (default ${HYBRID_DEFAULTS.rankConstant})`);

const pipelineName = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9._-]+$/, 'a search pipeline name of letters, digits and . _ -');

export const opensearchHybridFields = {
  ...sharedSearchFields,
  ef_search: efSearchField,
  aws_sigv4: awsSigV4Field,
  search_pipeline: pipelineName
    .optional()
    .describe(
      'a search pipeline of yours (normalization or score-ranker processor) sent as ?search_pipeline=; without it the leg creates one from normalization, combination, weights and rank_constant',
    ),
  normalization: z
    .enum(['min_max', 'l2', 'z_score'])
    .optional()
    .describe(
      `the normalization-processor's technique (default ${HYBRID_DEFAULTS.normalization}; z_score combines by arithmetic_mean only)`,
    ),
  combination: z
    .enum(['arithmetic_mean', 'geometric_mean', 'harmonic_mean', 'rrf'])
    .optional()
    .describe(
      `how the sub-queries' scores are combined (default ${HYBRID_DEFAULTS.combination}); rrf: the score-ranker-processor (OpenSearch 2.19+), no normalization`,
    ),
  weights: z
    .array(z.number().min(0).max(1))
    .length(2)
    .optional()
    .describe('[lexical, dense] weights of the combination, summing to 1 (default equal)'),
  rank_constant: rankConstant.describe(
    `with combination rrf: k in 1 / (k + rank) (default ${HYBRID_DEFAULTS.rankConstant})`,
  ),
  pipeline_name: pipelineName
    .optional()
    .describe(
      'the name the leg creates its pipeline under, replacing a pipeline of that name (default testbed-hybrid- and a hash of its settings)',
    ),
};

export const elasticsearchRrfFields = {
  ...sharedSearchFields,
  num_candidates: numCandidatesField,
  rank_window_size: z
    .number()
    .int()
    .min(1)
    .max(10_000)
    .optional()
    .describe("how many hits of each retriever RRF fuses, at least the pipeline's k (default k)"),
  rank_constant: rankConstant,
};

const { body: _qdrantBody, ...sharedQdrantFields } = qdrantFields;

export const qdrantFusionFields = {
  ...sharedQdrantFields,
  lexical: z
    .enum(['sparse', 'text'])
    .default('sparse')
    .describe(
      'sparse: the text made a sparse vector on the server by lexical_model, searched on the sparse vector lexical_using; text: BM25 over the text index of the payload field lexical_using (Qdrant 1.20+, an index with scoring: true)',
    ),
  lexical_using: z
    .string()
    .min(1)
    .max(200)
    .describe(
      'the sparse vector (lexical: sparse, e.g. bm25) or payload text field (lexical: text) the lexical prefetch ranks by',
    ),
  lexical_model: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      `lexical: sparse: the model Qdrant makes the query's sparse vector with, on the server (default ${HYBRID_DEFAULTS.qdrantLexicalModel})`,
    ),
  fusion: z
    .enum(['rrf', 'dbsf'])
    .default('rrf')
    .describe("the server's fusion of the two prefetches: rrf (reciprocal rank) or dbsf (distribution-based score)"),
  prefetch_limit: z
    .number()
    .int()
    .min(1)
    .max(10_000)
    .optional()
    .describe("how many points each prefetch hands to the fusion, at least the pipeline's k (default k)"),
};

export type OpensearchHybridLeg = EngineLegOf<'opensearch-hybrid', typeof opensearchHybridFields>;
export type ElasticsearchRrfLeg = EngineLegOf<'elasticsearch-rrf', typeof elasticsearchRrfFields>;
export type QdrantFusionLeg = EngineLegOf<'qdrant-fusion', typeof qdrantFusionFields>;
/** A native hybrid leg, its name settled. */
export type HybridEngineLeg = OpensearchHybridLeg | ElasticsearchRrfLeg | QdrantFusionLeg;
/** Any search-engine leg: the plain ones (engine-leg-specs.ts) and the engines' own hybrids. */
export type EngineLeg = PlainEngineLeg | HybridEngineLeg;
