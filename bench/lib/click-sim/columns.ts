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
 * better), compared by the bench with the true ordering (Kendall τ). The columns the issue names
 * each become one of these: COEC gold here; PBM gold, PBM with swap propensities
 * (`gold from-clicks --model pbm`), IPS estimates (`testbed eval-clicks LOG RUN`) and
 * interleaving (`testbed serve --interleave`, `testbed interleave`) are added beside it as those
 * commands land.
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

/**
 * The click gold route as a team would take it today: `testbed gold from-clicks --model coec`
 * over the log, then each configuration's nDCG@10 against those click judgements.
 */
export const coecGold: Column = {
  name: 'COEC gold',
  async score(t) {
    const qrels = path.join(t.work, 'coec', 'qrels', 'test.tsv');
    fs.mkdirSync(path.dirname(qrels), { recursive: true });
    await testbed(
      [
        'gold',
        'from-clicks',
        t.logDir,
        '--model',
        'coec',
        '--min-impressions',
        String(t.minImpressions),
        '--out',
        qrels,
      ],
      t.env,
    );
    const scores = new Map<string, number>();
    for (const c of t.configurations) scores.set(c.name, await ndcg10(qrels, t.logKeyedRuns.get(c.name)!, t.env));
    return scores;
  },
};

/** The columns measured, in table order. */
export const COLUMNS: readonly Column[] = [coecGold];
