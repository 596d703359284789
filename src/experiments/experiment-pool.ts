import path from 'node:path';
import { readGold } from '../gold/index.js';
import { buildPool, type Pool } from '../runs/pool.js';
import { writePool } from '../runs/pool-file.js';
import type { CellRun } from './cell-run.js';
import { goldPaths, type ExperimentConfig } from './config.js';
import { outputDir } from './output-dir.js';

/**
 * With `pool_depth: D` in the config, writes `<output>/pool.tsv`: the depth-D pool of every
 * configuration's run (runs/pool.ts), its pairs marked with the grades the experiment's qrels
 * and their additions hold, so the holes the report's judged@k shows can be judged next.
 * Returns the pool and the file, or undefined when the config asks for none.
 */
export async function writeExperimentPool(
  config: ExperimentConfig,
  runs: ReadonlyMap<string, Pick<CellRun, 'rankings'>>,
): Promise<{ pool: Pool; file: string } | undefined> {
  if (config.pool_depth === undefined) return undefined;
  const qrels = await readGold(goldPaths(config).qrels);
  const poolRuns = [...runs].map(([name, run]) => ({ name, rankings: new Map(Object.entries(run.rankings)) }));
  const pool = buildPool(poolRuns, qrels, config.pool_depth, config.level);
  const file = path.join(outputDir(config), 'pool.tsv');
  writePool(file, pool.entries);
  return { pool, file };
}

/** The line an experiment prints after writing its pool: its size, its holes, and each configuration's share of them. */
export function poolNotice({ pool, file }: { pool: Pool; file: string }): string {
  const runs = pool.runs.map((r) => `${r.name} ${r.unjudged} of ${r.pairs}`).join(', ');
  return `wrote ${file}: ${pool.entries.length} pairs at depth ${pool.depth}, ${pool.unjudged} of them unjudged (unjudged in each configuration's top ${pool.depth}: ${runs})`;
}
