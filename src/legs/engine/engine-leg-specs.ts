import { z } from 'zod/v4';
import { remoteCallFields } from '../../schemas/remote-call-fields.js';
import { awsSigV4Field } from '../../remote/sigv4.js';
import { TEMPLATE_TOO_DEEP, templateTooDeep } from '../../remote/template.js';
import { efSearchField, exactField, hnswEfField } from './engine-knobs.js';

/**
 * The fields of the pipeline legs served by a search engine the user runs: OpenSearch or Elasticsearch `_search`,
 * Qdrant's query API. They are described here and run by engine-leg.ts; ../opensearch.ts,
 * ../elasticsearch.ts and ../qdrant.ts make them leg types. Request bodies are templates (remote/template.ts) with the
 * placeholders {{query}}, {{k}}, {{vector}} (the query embedded by the index's own embedder) and
 * {{filter}} (the pipeline's filter in the engine's own syntax).
 */

/**
 * Defaults of the search-engine legs. The id paths read what `testbed
 * push` writes there (Qdrant payload `doc_id`, `chunk_id`); on OpenSearch and Elasticsearch `_id`
 * is taken as the document id, the usual layout of an index that holds whole documents.
 * num_candidates (Elasticsearch knn) defaults to 1.5 × k, what Elasticsearch itself uses when
 * it is left out (8.x releases before that required it).
 */
export const ENGINE_LEG_DEFAULTS = Object.freeze({
  fields: Object.freeze(['title', 'text']) as readonly string[],
  vectorField: 'vector',
  searchEngineId: '_id',
  qdrantId: 'payload.doc_id',
  qdrantChunkId: 'payload.chunk_id',
  numCandidatesPerK: 1.5,
  maxNumCandidates: 10_000,
});

export const baseUrl = z
  .string()
  .min(1)
  .max(2000)
  .regex(/^https?:\/\/[^\s]+$/i, 'an http(s) base URL such as http://127.0.0.1:9200')
  .describe("the engine's base URL, e.g. http://127.0.0.1:9200 (a path prefix is kept)");

/** A JSON path inside one hit (remote/json-path.ts): checked when the leg is made. */
const hitPath = (what: string) => z.string().max(200).describe(what);

const templateBody = z
  .record(z.string(), z.unknown())
  .refine((t) => !templateTooDeep(t), TEMPLATE_TOO_DEEP)
  .optional()
  .describe(
    'a JSON request body replacing ours, with {{query}}, {{k}}, {{vector}} (the query embedded by the index\'s embedder) and {{filter}} (the pipeline filter as the engine takes it: {"bool": {"filter": [...]}} for OpenSearch and Elasticsearch, {"must": [...]} for Qdrant) placeholders',
  );

/** What every OpenSearch / Elasticsearch leg has, the native hybrid ones too (hybrid-leg-specs.ts). */
export const searchEngineFields = {
  url: baseUrl,
  index: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[^\s/?#]+$/, 'an index name (or pattern) without spaces, / ? or #')
    .describe('the index (or alias, or comma-separated list) searched'),
  query: z
    .enum(['bm25', 'knn'])
    .default('bm25')
    .describe('bm25: a multi_match over `fields`; knn: the query vector against `vector_field`'),
  fields: z
    .array(z.string().min(1).max(200))
    .min(1)
    .max(50)
    .optional()
    .describe(`multi_match fields (default ${ENGINE_LEG_DEFAULTS.fields.join(', ')}); boosts as title^2`),
  vector_field: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(`the knn_vector / dense_vector field (default ${ENGINE_LEG_DEFAULTS.vectorField})`),
  body: templateBody,
  id: hitPath(
    `path in a hit to the DOCUMENT id (default ${ENGINE_LEG_DEFAULTS.searchEngineId}; _source.doc_id for an index made by testbed push)`,
  ).optional(),
  chunk_id: hitPath(
    'path in a hit to the chunk id (_source.chunk_id or _id for an index made by testbed push); without it a hit stands for its document',
  ).optional(),
  ...remoteCallFields,
};

/** OpenSearch's: the k-NN knob, and AWS SigV4 signing for Amazon OpenSearch Service domains and Serverless collections. */
export const opensearchFields = { ...searchEngineFields, ef_search: efSearchField, aws_sigv4: awsSigV4Field };

export const numCandidatesField = z
  .number()
  .int()
  .min(1)
  .max(ENGINE_LEG_DEFAULTS.maxNumCandidates)
  .optional()
  .describe(
    `knn: candidates per shard (default ${ENGINE_LEG_DEFAULTS.numCandidatesPerK} × k, at most ${ENGINE_LEG_DEFAULTS.maxNumCandidates})`,
  );

export const elasticsearchFields = { ...searchEngineFields, num_candidates: numCandidatesField };

/** The Qdrant collection a leg searches. */
export const collectionField = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[^\s/?#]+$/, 'a collection name without spaces, / ? or #');

export const qdrantFields = {
  url: baseUrl.describe('the Qdrant base URL, e.g. http://127.0.0.1:6333'),
  collection: collectionField,
  using: z.string().min(1).max(200).optional().describe('the named vector searched (default: the unnamed one)'),
  body: templateBody.describe(
    'a query request replacing ours, e.g. the server\'s prefetch + fusion: {"prefetch": [...], "query": {"fusion": "rrf"}, "limit": "{{k}}"}',
  ),
  id: hitPath(`path in a point to the DOCUMENT id (default ${ENGINE_LEG_DEFAULTS.qdrantId})`).optional(),
  chunk_id: hitPath(
    `path in a point to the chunk id (default ${ENGINE_LEG_DEFAULTS.qdrantChunkId}; "" when points stand for whole documents)`,
  ).optional(),
  hnsw_ef: hnswEfField,
  exact: exactField,
  ...remoteCallFields,
};

export type EngineLegOf<Type extends string, Fields extends z.ZodRawShape> = { type: Type; name: string } & z.output<
  z.ZodObject<Fields>
>;
export type OpensearchLeg = EngineLegOf<'opensearch', typeof opensearchFields>;
export type ElasticsearchLeg = EngineLegOf<'elasticsearch', typeof elasticsearchFields>;
export type QdrantLeg = EngineLegOf<'qdrant', typeof qdrantFields>;
/** A plain search-engine leg (one query, one signal), its name settled. */
export type PlainEngineLeg = OpensearchLeg | ElasticsearchLeg | QdrantLeg;
