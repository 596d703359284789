import { createRng } from '../../../src/stats/prng.js';
import type { Query } from '../../../src/corpus/types.js';
import { type ClickModelParams, simulateClicks, zipfQueries } from './users.js';

/** What one simulated stretch of traffic did. */
export interface TrafficCounts {
  searches: number;
  clicks: number;
  /** Distinct queries asked at least once. */
  queriesAsked: number;
}

export interface SimulationOptions {
  /** The running server (testbed serve --log-queries). */
  url: string;
  /**
   * The request path of a search of `q` (`/search/bm25?index=…`): the logged engine's, or, for
   * the interleaving column, `/search/interleaved?…` of a server started with --interleave. Either answers `{query_id, hits: [{doc_id, …}]}`.
   */
  searchPath: (q: string) => string;
  queries: readonly Query[];
  /** The collection's true grades: query id -> doc id -> grade. */
  qrels: ReadonlyMap<string, ReadonlyMap<string, number>>;
  searches: number;
  zipfExponent: number;
  clickModel: ClickModelParams;
  seed: number;
}

/** Events sent per POST /events: well under the body limit of the server being measured. */
const EVENTS_PER_POST = 200;

/**
 * Users searching a real server: each search is a GET of `searchPath` (the logged configuration's
 * /search/MODE),
 * and its clicks, drawn from the true grades of what the server answered, are posted to
 * POST /events under the search's query_id. The server writes the log, so the log holds exactly
 * what a deployment's users would leave (query records with hit ids and pipeline, click events).
 */
export async function simulateTraffic(o: SimulationOptions): Promise<TrafficCounts> {
  const rng = createRng(o.seed);
  const pick = zipfQueries(o.queries, o.zipfExponent, rng);
  const asked = new Set<string>();
  let pending: object[] = [];
  let clicks = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const res = await fetch(`${o.url}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(pending),
    });
    if (!res.ok) throw new Error(`POST /events answered ${res.status}: ${await res.text()}`);
    pending = [];
  };
  for (let s = 0; s < o.searches; s++) {
    const query = pick(rng);
    asked.add(query.id);
    const clientId = `sim-${s % 97}`;
    const res = await fetch(`${o.url}${o.searchPath(query.text)}`, {
      headers: { 'x-client-id': clientId },
    });
    if (!res.ok) throw new Error(`search "${query.text}" answered ${res.status}: ${await res.text()}`);
    const body = (await res.json()) as { query_id: string; hits: { doc_id: string }[] };
    const truth = o.qrels.get(query.id);
    const grades = body.hits.map((h) => truth?.get(h.doc_id) ?? 0);
    for (const rank of simulateClicks(grades, o.clickModel, rng)) {
      pending.push({
        action_name: 'click',
        query_id: body.query_id,
        client_id: clientId,
        timestamp: new Date().toISOString(),
        event_attributes: { object: { object_id: body.hits[rank - 1]!.doc_id }, position: { ordinal: rank } },
      });
      clicks++;
    }
    if (pending.length >= EVENTS_PER_POST) await flush();
  }
  await flush();
  return { searches: o.searches, clicks, queriesAsked: asked.size };
}
