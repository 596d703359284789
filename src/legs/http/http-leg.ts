import { performance } from 'node:perf_hooks';
import { parseJsonPath } from '../../remote/json-path.js';
import { shownEndpoint, type RemoteClient } from '../../remote/remote-client.js';
import { fillJsonTemplate, fillUrlTemplate, type TemplateValues } from '../../remote/template.js';
import type { HttpLeg } from '../leg-spec.js';
import { readRemoteHits, type HitPaths } from '../remote/read-remote-hits.js';
import { remoteHits, type IndexIds } from '../remote/remote-hits.js';
import type { Retriever, SearchOptions } from '../../retrievers/types.js';

/**
 * Any search API as a leg: each query fills the URL and body templates ({{query}}, {{k}},
 * {{level}}, {{filter}}, {{qlang}}, {{query_id}}), goes through the leg's RemoteClient (shared by
 * every query, so its concurrency limit holds across a query set), and the answer's hits are
 * read by the leg's paths and checked against the index (remote-hits.ts). The leg's `remote`
 * timing is the whole call, retries and waiting for a slot included: what the caller waited.
 */
export function createHttpLeg(leg: HttpLeg, client: RemoteClient, index: IndexIds): Retriever {
  const paths: HitPaths = {
    hits: parseJsonPath(leg.hits, 'hits'),
    id: parseJsonPath(leg.id, 'id'),
    ...(leg.chunk_id !== undefined && { chunkId: parseJsonPath(leg.chunk_id, 'chunk_id') }),
    score: parseJsonPath(leg.score, 'score'),
  };
  const method = leg.method ?? 'GET';
  const what = `leg "${leg.name}"`;
  return {
    name: leg.name,
    async search(query: string, { k, level, filter, queryLang, queryId }: SearchOptions) {
      const values: TemplateValues = {
        query,
        k,
        level,
        // The filter as the pipeline wrote it (its canonical JSON), for an API that filters itself.
        filter: filter ? (JSON.parse(filter.key) as unknown) : null,
        qlang: queryLang ?? null,
        query_id: queryId ?? null,
      };
      const caller = { what, ...(queryId !== undefined && { queryId }) };
      const url = fillUrlTemplate(leg.url, values, what);
      const endpoint = shownEndpoint(method, url);
      const t0 = performance.now();
      const res = await client.request({
        method,
        url,
        caller,
        ...(leg.body !== undefined && { json: fillJsonTemplate(leg.body, values, what) }),
      });
      const ms = performance.now() - t0;
      const raw = readRemoteHits(res.body, paths, caller, endpoint, res.status);
      return remoteHits(raw, { caller, endpoint, status: res.status, index, level, k, ...(filter && { filter }), ms });
    },
  };
}
