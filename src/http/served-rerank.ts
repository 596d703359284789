import { checkServedEmbedderSpec } from '../embedders/served-embedder.js';
import { checkRemoteUrl, type RemoteAllowList } from '../remote/allowed-origins.js';
import type { Pipeline } from '../pipeline/resolve-pipeline.js';

/**
 * A rerank stage sent to the server by a request: an http reranker may call only the origins
 * `testbed serve --allow-remote` names (403 otherwise), and a cross-encoder is a model id under
 * MODELS_DIR, never a folder path (400), and one already on the machine unless the server may
 * download models (403), as for embedders named over HTTP.
 */
export function checkServedRerank(pipeline: Pipeline, allowed: RemoteAllowList, field = 'rerank'): void {
  const rerank = pipeline.rerank;
  if (!rerank) return;
  if (rerank.type === 'http') checkRemoteUrl(rerank.url, allowed, `reranker "${rerank.name}"`);
  else checkServedEmbedderSpec(`transformers:${rerank.model}`, { field: `${field}.model` }, allowed);
}
