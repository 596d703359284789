import { ConcurrencyLimit } from './concurrency.js';

/**
 * The process's request slots per origin: every RemoteClient that calls one origin with the same
 * `concurrency` takes its slots from one ConcurrencyLimit, so the legs, the embedder and the
 * reranker of a pipeline that all call one engine (and the queries a query set runs at once)
 * keep at most `concurrency` requests in flight there together, not `concurrency` each. A caller
 * that spells a different concurrency for the origin gets slots of its own at its own limit:
 * a search server's caller cannot shrink (or grow) the budget others configured.
 */
const limits = new Map<string, ConcurrencyLimit>();

/** The shared limit of `concurrency` slots for the origin of `url` (scheme, host and port). */
export function originLimit(url: string, concurrency: number): ConcurrencyLimit {
  const key = `${concurrency} ${new URL(url).origin}`;
  let limit = limits.get(key);
  if (!limit) limits.set(key, (limit = new ConcurrencyLimit(concurrency)));
  return limit;
}
