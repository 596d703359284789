import fs from 'node:fs';
import path from 'node:path';
import type { Query } from '../../../src/corpus/types.js';
import type { Configuration } from './configurations.js';
import { simulateTraffic, type TrafficCounts } from './simulate.js';
import { serveLogging, testbed } from './testbed.js';
import type { ClickModelParams } from './users.js';

/** One pair of configurations as `testbed interleave --json` credits it. */
export interface PairOutcome {
  a: string;
  b: string;
  /** Searches with a click for a or b. */
  searches: number;
  /** (wins_a − wins_b) / (wins_a + wins_b + ties); null when no search had a click for either. */
  delta: number | null;
  p: number | null;
  winner: string | null;
  /** Searches with clicks still needed at the current Δ (0 once decided; null when Δ is 0). */
  moreNeeded: number | null;
}

export interface InterleavingOutcome {
  /** Copeland score per configuration, its mean Δ breaking ties (see copeland). */
  scores: Map<string, number>;
  pairs: PairOutcome[];
  traffic: TrafficCounts;
}

export interface InterleavingOptions {
  dataDir: string;
  /** The index (collection) name. */
  index: string;
  /** The interleaving's arms, in order (the first is the one `share` would fall back to; share is 1 here). */
  configurations: readonly Configuration[];
  work: string;
  queries: readonly Query[];
  qrels: ReadonlyMap<string, ReadonlyMap<string, number>>;
  searches: number;
  zipfExponent: number;
  clickModel: ClickModelParams;
  seed: number;
  env: NodeJS.ProcessEnv;
}

/**
 * Every configuration in one team-draft multileaving (Schuth et al. 2014) served by a real
 * `testbed serve --interleave`: the same simulated users search `/search/interleaved` and click
 * by position and true relevance, then `testbed interleave --json` credits each pair of arms
 * from the log. No configuration serves the traffic alone, so which engine a deployment logs
 * with plays no part.
 */
export async function interleaveConfigurations(o: InterleavingOptions): Promise<InterleavingOutcome> {
  fs.rmSync(o.work, { recursive: true, force: true });
  fs.mkdirSync(o.work, { recursive: true });
  const file = path.join(o.work, 'interleave.yaml');
  const arms = Object.fromEntries(o.configurations.map((c) => [c.name, { mode: c.mode, ...c.params }]));
  // JSON is YAML: the file `--interleave` reads, one multileaving of all the configurations.
  fs.writeFileSync(
    file,
    JSON.stringify({ interleavings: [{ name: 'all', index: o.index, method: 'team-draft-multileave', arms }] }),
  );
  const logDir = path.join(o.work, 'log');
  const server = await serveLogging(o.dataDir, logDir, o.env, ['--interleave', file]);
  let traffic: TrafficCounts;
  try {
    traffic = await simulateTraffic({
      url: server.url,
      searchPath: (q) =>
        `/search/interleaved?${new URLSearchParams({ index: o.index, q, k: '10', level: 'doc', interleaving: 'all' })}`,
      queries: o.queries,
      qrels: o.qrels,
      searches: o.searches,
      zipfExponent: o.zipfExponent,
      clickModel: o.clickModel,
      seed: o.seed,
    });
  } finally {
    await server.stop();
  }
  const pairs = await creditedPairs(logDir, o.env);
  return { scores: copeland(o.configurations, pairs), pairs, traffic };
}

/**
 * Copeland ordering of the pairwise preferences: a configuration scores 1 for each other it beats
 * (Δ in its favour, significant or not), ½ for each it ties (Δ 0 or no clicks); ties between
 * scores are broken by its mean Δ over its pairs, scaled into ±0.2 so no two tie-breaks differ by
 * the ½ of a tied pair.
 */
/** Every pair of arms of the log's interleavings as `testbed interleave --json` credits them. */
export async function creditedPairs(logDir: string, env: NodeJS.ProcessEnv): Promise<PairOutcome[]> {
  const out = JSON.parse(await testbed(['interleave', logDir, '--json'], env)) as {
    interleavings: {
      arms: [string, string];
      searches: number;
      delta: number | null;
      p: number | null;
      winner: string | null;
      more_searches_needed: number | null;
    }[];
  };
  return out.interleavings.map((il) => ({
    a: il.arms[0],
    b: il.arms[1],
    searches: il.searches,
    delta: il.delta,
    p: il.p,
    winner: il.winner,
    moreNeeded: il.more_searches_needed,
  }));
}

export function copeland(configurations: readonly Configuration[], pairs: readonly PairOutcome[]): Map<string, number> {
  const wins = new Map(configurations.map((c) => [c.name, 0]));
  const deltaSum = new Map(configurations.map((c) => [c.name, 0]));
  for (const p of pairs) {
    const d = p.delta ?? 0;
    const [forA, forB] = d > 0 ? [1, 0] : d < 0 ? [0, 1] : [0.5, 0.5];
    wins.set(p.a, wins.get(p.a)! + forA);
    wins.set(p.b, wins.get(p.b)! + forB);
    deltaSum.set(p.a, deltaSum.get(p.a)! + d);
    deltaSum.set(p.b, deltaSum.get(p.b)! - d);
  }
  const others = Math.max(1, configurations.length - 1);
  return new Map(configurations.map((c) => [c.name, wins.get(c.name)! + (0.2 * deltaSum.get(c.name)!) / others]));
}
