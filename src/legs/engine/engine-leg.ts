import type { Embedder } from '../../embedders/types.js';
import { InputError } from '../../errors.js';
import { parseJsonPath } from '../../remote/json-path.js';
import { shownEndpoint, type RemoteClient } from '../../remote/remote-client.js';
import { placeholdersOf } from '../../remote/template.js';
import { ENGINE_LEG_DEFAULTS } from './engine-leg-specs.js';
import { embedsQuery, engineRequest, type EngineLeg } from './engine-requests.js';
import { readRemoteHits, type HitPaths } from '../remote/read-remote-hits.js';
import { remoteHits, type IndexIds } from '../remote/remote-hits.js';
import type { Retriever } from '../../retrievers/types.js';

export type { EngineLeg };

const PLACEHOLDERS = ['query', 'k', 'vector', 'filter'];

export interface EngineLegParts {
  /** One per leg: its timeout, retries, concurrency and headers. */
  client: RemoteClient;
  /** The index the pipeline runs over: every returned id is checked against it. */
  index: IndexIds;
  /** The index's own embedder; required when the leg sends a query vector (embedsQuery). */
  embedder?: Embedder;
}

/**
 * An OpenSearch, Elasticsearch or Qdrant leg (a plain one, or the engine's own hybrid): per
 * query, embed it if the request sends a vector, POST the request (engine-requests.ts) through
 * the leg's RemoteClient, read the hits by the engine's paths and the leg's id paths, and rank
 * them as our hits (remote-hits.ts). Timings are
 * `embed` (when the query is embedded here) and `remote` (the engine's round trip). Everything
 * that can be checked before the first query is checked here, so a bad leg fails before an
 * experiment starts: its id paths, the placeholders of its body, an embedder where one is needed.
 */
export function createEngineLeg(leg: EngineLeg, parts: EngineLegParts): Retriever {
  const what = `leg "${leg.name}"`;
  const sendsVector = embedsQuery(leg);
  if (sendsVector && !parts.embedder)
    throw new InputError(
      `${what} sends the query as a vector, and this index was built without embeddings (--embedder none): build it with the embedder the ${leg.type} vectors came from`,
    );
  const body = bodyOf(leg);
  const used = body === undefined ? [] : placeholdersOf(body);
  const unknown = used.filter((p) => !PLACEHOLDERS.includes(p));
  if (unknown.length)
    throw new InputError(
      `${what}: the body names ${unknown.map((p) => `{{${p}}}`).join(', ')}; its placeholders are ${PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}`,
    );
  const paths = hitPaths(leg, what);

  return {
    name: leg.name,
    async search(query, { k, level, filter, queryId }) {
      const caller = { what, ...(queryId !== undefined && { queryId }) };
      const filterSpec = filter?.spec;
      if (filterSpec && body !== undefined && !used.includes('filter')) {
        throw new InputError(
          `${what}: the pipeline has a filter and the leg's body has no {{filter}} to send it in; add "{{filter}}" where the engine takes a filter`,
        );
      }
      const timings: Record<string, number> = {};
      let vector: number[] | undefined;
      if (sendsVector) {
        const t0 = performance.now();
        const { vectors } = await parts.embedder!.embed([query], 'query');
        vector = Array.from(vectors[0]!);
        timings.embed = performance.now() - t0;
      }
      const request = engineRequest(leg, {
        query,
        k,
        ...(vector && { vector }),
        ...(filterSpec && { filter: filterSpec }),
      });
      const endpoint = shownEndpoint('POST', request.url);
      const res = await parts.client.request({ method: 'POST', url: request.url, json: request.body, caller });
      const raw = readRemoteHits(res.body, paths, caller, endpoint, res.status);
      const result = remoteHits(raw, {
        caller,
        endpoint,
        status: res.status,
        index: parts.index,
        level,
        k,
        ...(filter && { filter }),
        ms: res.ms,
      });
      return { hits: result.hits, timings: { ...timings, ...result.timings } };
    },
  };
}

/** A plain leg's own body template, if it has one (the engines' hybrids have none). */
function bodyOf(leg: EngineLeg): Record<string, unknown> | undefined {
  return 'body' in leg ? leg.body : undefined;
}

/** Where the hits are (the engine's documented answer) and the leg's id paths, with the defaults of defaults.ts. */
function hitPaths(leg: EngineLeg, what: string): HitPaths {
  const parse = (text: string, field: string) => parseJsonPath(text, `${what} ${field}`);
  if (leg.type === 'qdrant' || leg.type === 'qdrant-fusion') {
    const chunkId = leg.chunk_id ?? ENGINE_LEG_DEFAULTS.qdrantChunkId;
    return {
      hits: ['result', 'points'],
      score: ['score'],
      id: parse(leg.id ?? ENGINE_LEG_DEFAULTS.qdrantId, 'id'),
      // An empty chunk_id: the points stand for whole documents.
      ...(chunkId.trim() !== '' && { chunkId: parse(chunkId, 'chunk_id') }),
    };
  }
  return {
    hits: ['hits', 'hits'],
    score: ['_score'],
    id: parse(leg.id ?? ENGINE_LEG_DEFAULTS.searchEngineId, 'id'),
    ...(leg.chunk_id !== undefined && leg.chunk_id.trim() !== '' && { chunkId: parse(leg.chunk_id, 'chunk_id') }),
  };
}
