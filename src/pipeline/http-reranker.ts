import { BYTES_PER_MB } from '../remote/read-capped.js';
import { RemoteClient, shownEndpoint } from '../remote/remote-client.js';
import { RemoteError } from '../remote/remote-error.js';
import type { Rerank } from './resolve-pipeline.js';
import type { Reranker } from './rerank.js';
import { readRerankScores } from './rerank-response.js';

type HttpRerank = Extract<Rerank, { type: 'http' }>;

/**
 * A remote reranker: one POST per query with the first stage's top depth passages, in
 * first-stage order, through the shared RemoteClient (timeout, retries with backoff, a
 * concurrency limit, `${env:NAME}` headers). The answer's indexes point back into that list.
 * Request bodies follow the published shapes: cohere `{model?, query, documents, top_n}`
 * (Cohere, Jina); tei `{query, texts, truncate: true}` (text-embeddings-inference, which
 * otherwise refuses a passage longer than its model reads instead of cutting it, as the local
 * cross-encoder does).
 */
export function createHttpReranker(spec: HttpRerank, client = new RemoteClient(remoteOptions(spec))): Reranker {
  const what = `reranker "${spec.name}"`;
  const endpoint = shownEndpoint('POST', spec.url);
  return {
    name: spec.name,
    depth: spec.depth,
    async score(query, candidates, queryId) {
      if (candidates.length === 0) return [];
      const texts = candidates.map((c) => c.text);
      const expected = spec.shape === 'cohere' ? Math.min(spec.topN, texts.length) : texts.length;
      const json =
        spec.shape === 'cohere'
          ? { ...(spec.model !== undefined && { model: spec.model }), query, documents: texts, top_n: expected }
          : { query, texts, truncate: true };
      const caller = { what, ...(queryId !== undefined && { queryId }) };
      const res = await client.request({ method: 'POST', url: spec.url, json, caller });
      const scores = readRerankScores(res.body, spec.shape, texts.length, expected);
      if (typeof scores === 'string') throw new RemoteError(caller, endpoint, scores, res.status);
      return scores;
    },
  };
}

function remoteOptions(spec: HttpRerank) {
  return {
    ...(spec.headers && { headers: spec.headers }),
    ...(spec.timeoutMs !== undefined && { timeoutMs: spec.timeoutMs }),
    ...(spec.retries !== undefined && { retries: spec.retries }),
    ...(spec.concurrency !== undefined && { concurrency: spec.concurrency }),
    ...(spec.maxResponseMb !== undefined && { maxResponseBytes: spec.maxResponseMb * BYTES_PER_MB }),
    ...(spec.tls && { tls: spec.tls }),
  };
}
