import { remoteEmbedderConcurrency } from '../embedders/remote-embedder-concurrency.js';
import { embedsQuery, legEndpoints } from '../legs/leg-traits.js';
import type { Pipeline } from '../pipeline/resolve-pipeline.js';
import { REMOTE_DEFAULTS } from '../remote/remote-client.js';

/**
 * How many queries of a query set run at once through a pipeline: the largest `concurrency` of
 * its remote parts (legs with endpoints, an http reranker; REMOTE_DEFAULTS.concurrency when
 * unset; and the index's query embedder when it is remote, `embedderId` an `openai:` spec, and
 * a leg embeds the query), so a remote service answering in t seconds serves n queries in
 * about n x t / concurrency seconds; each origin's own limit (origin-limits.ts) still caps its
 * requests in flight. A pipeline computed here runs one query at a time, so the latency
 * recorded per query is that query's alone, not its share of a machine busy with others.
 */
export function querySetWidth(pipeline: Pipeline, embedderId?: string): number {
  let width = 1;
  for (const leg of pipeline.legs) {
    if (legEndpoints(leg).length === 0) continue;
    const concurrency = (leg as { concurrency?: number }).concurrency;
    width = Math.max(width, concurrency ?? REMOTE_DEFAULTS.concurrency);
  }
  const rerank = pipeline.rerank;
  if (rerank?.type === 'http') width = Math.max(width, rerank.concurrency ?? REMOTE_DEFAULTS.concurrency);
  if (pipeline.legs.some(embedsQuery)) width = Math.max(width, remoteEmbedderConcurrency(embedderId) ?? 1);
  return width;
}
