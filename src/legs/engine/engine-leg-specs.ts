import { z } from 'zod/v4';
import { ENGINE_LEG_DEFAULTS } from '../../schemas/defaults.js';

/**
 * The fields of the pipeline legs served by a search engine the user runs: OpenSearch or Elasticsearch `_search`,
 * Qdrant's query API. They are described here and run by engine-leg.ts; leg-spec.ts
 * makes the leg objects (with `type` and `name`) and puts them in the leg union. Request bodies are templates (remote/template.ts) with the
 * placeholders {{query}}, {{k}}, {{vector}} (the query embedded by the index's own embedder) and
 * {{filter}} (the pipeline's filter in the engine's own syntax).
 */

const baseUrl = z
  .string()
  .min(1)
  .max(2000)
  .regex(/^https?:\/\/[^\s]+$/i, 'an http(s) base URL such as http://127.0.0.1:9200')
  .describe("the engine's base URL, e.g. http://127.0.0.1:9200 (a path prefix is kept)");

/** A JSON path inside one hit (remote/json-path.ts): checked when the leg is made. */
const hitPath = (what: string) => z.string().max(200).describe(what);

/** How the engine is called: the fields RemoteClient takes, as the other remote legs spell them. */
const callFields = {
  headers: z
    .record(z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'a header name'), z.string().max(4000))
    .optional()
    .describe(
      'sent with every request; a value may hold ${env:NAME} (a key kept in the environment, never in a report)',
    ),
  timeout_ms: z.number().int().min(1).max(600_000).optional().describe('per attempt (default 30000)'),
  retries: z
    .number()
    .int()
    .min(0)
    .max(10)
    .optional()
    .describe('further attempts after a 429, a 5xx, a timeout or a refused connection (default 2)'),
  concurrency: z.number().int().min(1).max(64).optional().describe('requests in flight at once (default 4)'),
};

const templateBody = z
  .record(z.string(), z.unknown())
  .optional()
  .describe(
    'a JSON request body replacing ours, with {{query}}, {{k}}, {{vector}} (the query embedded by the index\'s embedder) and {{filter}} (the pipeline filter as the engine takes it: {"bool": {"filter": [...]}} for OpenSearch and Elasticsearch, {"must": [...]} for Qdrant) placeholders',
  );

const searchEngineFields = {
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
  ...callFields,
};

export const opensearchFields = searchEngineFields;

export const elasticsearchFields = {
  ...searchEngineFields,
  num_candidates: z
    .number()
    .int()
    .min(1)
    .max(10_000)
    .optional()
    .describe('knn: candidates per shard (default 1.5 × k, at most 10000)'),
};

export const qdrantFields = {
  url: baseUrl.describe('the Qdrant base URL, e.g. http://127.0.0.1:6333'),
  collection: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[^\s/?#]+$/, 'a collection name without spaces, / ? or #'),
  using: z.string().min(1).max(200).optional().describe('the named vector searched (default: the unnamed one)'),
  body: templateBody.describe(
    'a query request replacing ours, e.g. the server\'s prefetch + fusion: {"prefetch": [...], "query": {"fusion": "rrf"}, "limit": "{{k}}"}',
  ),
  id: hitPath(`path in a point to the DOCUMENT id (default ${ENGINE_LEG_DEFAULTS.qdrantId})`).optional(),
  chunk_id: hitPath(
    `path in a point to the chunk id (default ${ENGINE_LEG_DEFAULTS.qdrantChunkId}; "" when points stand for whole documents)`,
  ).optional(),
  ...callFields,
};

export const ENGINE_LEG_DESCRIPTIONS = {
  opensearch: 'an OpenSearch index through POST INDEX/_search: BM25 multi_match, k-NN (knn query) or your own body',
  elasticsearch:
    'an Elasticsearch index through POST INDEX/_search: BM25 multi_match, the knn search option or your own body',
  qdrant:
    "a Qdrant collection through POST /collections/NAME/points/query: the query embedded by the index's embedder, or your own body",
} as const;
