import { z } from 'zod/v4';
import { MAX_RERANK_BATCH, MAX_RERANK_DEPTH, RERANK_DEFAULTS } from '../schemas/defaults.js';
import { endpointProblem } from '../remote/url-credentials.js';
import { remoteCallFields } from '../schemas/remote-call-fields.js';
import { tlsOptionsOf, type TlsOptions } from '../remote/tls.js';

/**
 * The optional rerank stage of a pipeline (pipeline/rerank.ts runs it): the first stage's top
 * `depth` hits are scored again against the query, by a cross-encoder run here through
 * transformers.js or by a remote `/rerank` endpoint, and re-sorted by that score; the hits
 * below `depth` follow in their first-stage order.
 */

const rerankName = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.+-]{0,39}$/, 'a reranker name is 1-40 letters, digits and . _ + -')
  .describe('how the reranker is named in errors; default its type');

const depth = z
  .number()
  .int()
  .min(1)
  .max(MAX_RERANK_DEPTH)
  .default(RERANK_DEFAULTS.depth)
  .describe(`first-stage hits rescored (1 to ${MAX_RERANK_DEPTH}); the first stage is asked for max(k, depth)`);

const crossEncoderRerank = z
  .object({
    type: z.literal('cross-encoder'),
    name: rerankName.optional(),
    model: z
      .string()
      .min(1)
      .describe(
        'a transformers.js sequence-classification model: a hub id (under MODELS_DIR, then the cache, then the hub) or a folder path',
      ),
    depth,
    batch: z
      .number()
      .int()
      .min(1)
      .max(MAX_RERANK_BATCH)
      .default(RERANK_DEFAULTS.batch)
      .describe('(query, passage) pairs per model call'),
    quantized: z.boolean().default(true).describe('load onnx/model_quantized.onnx (default) or onnx/model.onnx'),
  })
  .strict()
  .describe('a cross-encoder run locally: the logit of a 1-label head, or log P(relevant) of a 2-label head');

const httpRerank = z
  .object({
    type: z.literal('http'),
    name: rerankName.optional(),
    url: z.string().min(1).describe('the endpoint, e.g. http://tei:8080/rerank or https://api.cohere.com/v2/rerank'),
    model: z.string().min(1).optional().describe('sent as `model` (Cohere, Jina); TEI serves one model and takes none'),
    depth,
    top_n: z
      .number()
      .int()
      .min(1)
      .max(MAX_RERANK_DEPTH)
      .optional()
      .describe('cohere shape: results asked for (default all of them); the rest keep first-stage order below'),
    shape: z
      .enum(['cohere', 'tei'])
      .default('cohere')
      .describe(
        'cohere: {model, query, documents, top_n} -> {results: [{index, relevance_score}]} (Cohere, Jina); tei: {query, texts} -> [{index, score}]',
      ),
    ...remoteCallFields,
  })
  .strict()
  .describe('a remote reranker speaking the common /rerank shape');

export const rerankSpec = z.discriminatedUnion('type', [crossEncoderRerank, httpRerank]);
export type RerankSpec = z.infer<typeof rerankSpec>;

/** The rerank stage settled: its name given or defaulted, top_n checked against depth. */
export type Rerank =
  | { type: 'cross-encoder'; name: string; model: string; depth: number; batch: number; quantized: boolean }
  | {
      type: 'http';
      name: string;
      url: string;
      model?: string;
      depth: number;
      /** Results asked for; at most depth. */
      topN: number;
      shape: 'cohere' | 'tei';
      headers?: Record<string, string>;
      timeoutMs?: number;
      retries?: number;
      concurrency?: number;
      /** The longest answer read, MB (remote/read-capped.ts). */
      maxResponseMb?: number;
      /** Failed queries in a row before the rest of a query set fails fast (circuit-breaker.ts). */
      failAfter?: number;
      /** Share of the last failWindow queries that may fail before the rest fail fast. */
      failRate?: number;
      failWindow?: number;
      /** ca_file, client_cert/client_key, insecure (remote/tls.ts). */
      tls?: TlsOptions;
    };

/** Settles a parsed rerank spec; `fail` raises the caller's located InputError. */
export function settleRerank(spec: RerankSpec, fail: (field: string, message: string) => never): Rerank {
  const name = spec.name ?? spec.type;
  if (spec.type === 'cross-encoder')
    return {
      type: spec.type,
      name,
      model: spec.model,
      depth: spec.depth,
      batch: spec.batch,
      quantized: spec.quantized,
    };
  if (spec.top_n !== undefined && spec.top_n > spec.depth)
    fail('rerank.top_n', `top_n ${spec.top_n} is more than depth ${spec.depth}: only depth documents are sent`);
  if (spec.top_n !== undefined && spec.shape === 'tei')
    fail('rerank.top_n', 'the tei shape always scores every text; top_n is for the cohere shape');
  const urlProblem = endpointProblem(spec.url, spec.headers ?? {});
  if (urlProblem) fail('rerank.url', urlProblem);
  const rerank: Rerank = {
    type: 'http',
    name,
    url: spec.url,
    depth: spec.depth,
    topN: spec.top_n ?? spec.depth,
    shape: spec.shape,
  };
  if (spec.model !== undefined) rerank.model = spec.model;
  if (spec.headers !== undefined) rerank.headers = spec.headers;
  if (spec.timeout_ms !== undefined) rerank.timeoutMs = spec.timeout_ms;
  if (spec.retries !== undefined) rerank.retries = spec.retries;
  if (spec.concurrency !== undefined) rerank.concurrency = spec.concurrency;
  if (spec.max_response_mb !== undefined) rerank.maxResponseMb = spec.max_response_mb;
  if (spec.fail_after !== undefined) rerank.failAfter = spec.fail_after;
  if (spec.fail_rate !== undefined) rerank.failRate = spec.fail_rate;
  if (spec.fail_window !== undefined) rerank.failWindow = spec.fail_window;
  const tls = tlsOptionsOf(spec);
  if (tls) rerank.tls = { ...tls, what: `reranker "${name}"` };
  return rerank;
}
