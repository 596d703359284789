import fs from 'node:fs';
import path from 'node:path';
import type { Configuration } from './configurations.js';
import { testbed } from './testbed.js';

/** What a column sees: one logged stretch of simulated traffic and every configuration's run. */
export interface LoggedTraffic {
  /** The server's --log-queries folder after the simulation. */
  logDir: string;
  /** A scratch folder of the column's own (created). */
  work: string;
  configurations: readonly Configuration[];
  /** Each configuration's top-10 run over the collection's queries, its query ids the log's (`log-…`). */
  logKeyedRuns: ReadonlyMap<string, string>;
  minImpressions: number;
  env: NodeJS.ProcessEnv;
}

/**
 * One way of ranking configurations from clicks alone: a score per configuration (higher is
 * better), compared by the bench with the true ordering (Kendall τ).
 */
export interface Column {
  name: string;
  score(traffic: LoggedTraffic): Promise<Map<string, number>>;
}

/** nDCG@10 of `run` against `qrels`, as `testbed eval --json` gives it. */
export async function ndcg10(qrels: string, run: string, env: NodeJS.ProcessEnv): Promise<number> {
  const out = JSON.parse(await testbed(['eval', qrels, run, '--metrics', 'ndcg@10', '--json'], env)) as {
    metrics: Record<string, number>;
  };
  const value = out.metrics['ndcg@10'];
  if (value === undefined) throw new Error(`testbed eval gave no ndcg@10 for ${run}`);
  return value;
}

/** Each configuration's nDCG@10 against the click judgements `testbed gold from-clicks FLAGS` writes from the log. */
function clickGold(name: string, flags: readonly string[]): Column {
  return {
    name,
    async score(t) {
      const qrels = path.join(t.work, 'qrels', 'test.tsv');
      fs.mkdirSync(path.dirname(qrels), { recursive: true });
      await testbed(
        ['gold', 'from-clicks', t.logDir, ...flags, '--min-impressions', String(t.minImpressions), '--out', qrels],
        t.env,
      );
      const scores = new Map<string, number>();
      for (const c of t.configurations) scores.set(c.name, await ndcg10(qrels, t.logKeyedRuns.get(c.name)!, t.env));
      return scores;
    },
  };
}

/**
 * Each configuration's inverse-propensity estimate of the clicks per search its top 10 would get
 * (`testbed eval-clicks LOG RUN --propensities P --json`, the `ips` estimate): the run is scored
 * on the log's clicks, not on judgements, so no grade thresholds come in.
 */
function ipsEstimate(name: string, propensities: 'pbm' | 'swap'): Column {
  return {
    name,
    async score(t) {
      const scores = new Map<string, number>();
      for (const c of t.configurations) {
        const out = JSON.parse(
          await testbed(
            ['eval-clicks', t.logDir, t.logKeyedRuns.get(c.name)!, '--propensities', propensities, '--json'],
            t.env,
          ),
        ) as { ips: { estimate: number } };
        scores.set(c.name, out.ips.estimate);
      }
      return scores;
    },
  };
}

/** The click gold route as a team would take it today: COEC over the log-wide click-through curve. */
export const coecGold = clickGold('COEC gold', ['--model', 'coec']);
/** The position-based model fitted by EM over the log (examination per rank, attractiveness per pair). */
export const pbmGold = clickGold('PBM gold', ['--model', 'pbm']);
/** PBM with its examination fixed to the propensities the server's swap interventions estimate. */
export const pbmSwapGold = clickGold('PBM + swap gold', ['--model', 'pbm', '--propensities', 'swap']);
export const ipsPbm = ipsEstimate('IPS (PBM propensities)', 'pbm');
export const ipsSwap = ipsEstimate('IPS (swap propensities)', 'swap');

/** The columns measured from the logged engine's log, in table order (interleaving has traffic of its own: interleaving.ts). */
export const COLUMNS: readonly Column[] = [coecGold, pbmGold, pbmSwapGold, ipsPbm, ipsSwap];
