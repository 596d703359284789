import { InputError } from '../errors.js';
import { createRng, DEFAULT_SEED, randomIndex } from '../stats/prng.js';
import { byFrequency } from './count-queries.js';

export type SampleMethod = 'random' | 'pps' | 'top';

export const SAMPLE_METHODS: readonly SampleMethod[] = ['random', 'pps', 'top'];

export interface SampleOptions {
  method: SampleMethod;
  /** How many distinct queries to draw. */
  n: number;
  /** Seeds random and pps (default 42); top draws nothing at random. */
  seed?: number;
}

export interface QuerySample<Q> {
  /** The queries drawn, most frequent first (ties by key). */
  queries: Q[];
  method: SampleMethod;
  seed: number;
  requested: number;
  /** Distinct queries there were to draw from. */
  available: number;
  /** True when `n` was at least `available`, so every query was taken whatever the method. */
  tookAll: boolean;
}

/**
 * Draws a query set from a log's distinct queries, the three ways OpenSearch's Search Relevance
 * Workbench samples UBI logs, but seeded (the project's PRNG, stats/prng.ts) so the same log, seed
 * and n give the same set:
 *
 * - `random`: n queries uniformly, without replacement (a partial Fisher-Yates shuffle). Each
 *   distinct query counts once however often it was asked, so the tail is well represented.
 * - `pps`: probability proportional to size (frequency), without replacement, by
 *   Efraimidis-Spirakis weighted reservoir keys: each query draws u in (0, 1] and gets the key
 *   u^(1/w) for its frequency w; the n largest keys win. Keys are compared as log(u)/w, the same
 *   order without u^(1/w) rounding to 1 for large w. With n = 1 a query is picked with
 *   probability w / sum(w): the set looks like the traffic.
 * - `top`: the n most frequent (ties by key): what users ask most, nothing random.
 *
 * The queries are put in one canonical order (most frequent first, ties by key) before drawing, so
 * the result does not depend on the order the log listed them, and the set is returned in that
 * order too, so two sets diff cleanly. n of at least the number of distinct queries takes them all,
 * and the result says so.
 */
export function sampleQueries<Q extends { key: string; frequency: number }>(
  queries: readonly Q[],
  options: SampleOptions,
): QuerySample<Q> {
  const { method, n } = options;
  const seed = options.seed ?? DEFAULT_SEED;
  if (!SAMPLE_METHODS.includes(method))
    throw new InputError(`must be one of ${SAMPLE_METHODS.join(', ')}, got "${method}"`, { field: 'method' });
  if (!Number.isSafeInteger(n) || n < 1) throw new InputError(`must be a positive integer, got ${n}`, { field: 'n' });
  const rng = createRng(seed);
  const ordered = [...queries].sort(byFrequency);
  const tookAll = n >= ordered.length;
  const drawn = tookAll ? ordered : DRAW[method](ordered, n, rng);
  return {
    queries: drawn.sort(byFrequency),
    method,
    seed,
    requested: n,
    available: ordered.length,
    tookAll,
  };
}

type Draw = <Q extends { key: string; frequency: number }>(ordered: Q[], n: number, rng: () => number) => Q[];

const DRAW: Record<SampleMethod, Draw> = {
  random: (ordered, n, rng) => {
    const pool = [...ordered];
    for (let i = 0; i < n; i++) {
      const j = i + randomIndex(rng, pool.length - i);
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return pool.slice(0, n);
  },
  pps: (ordered, n, rng) => {
    const weightless = ordered.find((q) => !(q.frequency > 0));
    if (weightless)
      throw new InputError(`query ${weightless.key} has frequency ${weightless.frequency}: pps needs positive weights`);
    // 1 - rng() is in (0, 1]: log never sees 0. Ties (vanishingly rare) keep the canonical order.
    const keyed = ordered.map((q, i) => ({ q, i, key: Math.log(1 - rng()) / q.frequency }));
    keyed.sort((a, b) => b.key - a.key || a.i - b.i);
    return keyed.slice(0, n).map((k) => k.q);
  },
  top: (ordered, n) => ordered.slice(0, n),
};
