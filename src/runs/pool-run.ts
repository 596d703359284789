import { emptyRunError } from './empty-run.js';
import type { PoolRun } from './pool.js';
import { readRunQueries } from './run-queries.js';

/**
 * Reads a run file for `pool`, query by query, keeping each query's top `depth` ids only: all a
 * depth-k pool looks at (buildPool cuts there too), so a long run costs depth ids per query.
 * An empty run is refused (emptyRunError) unless `allowEmpty`.
 */
export async function readPoolRun(file: string, depth: number, allowEmpty: boolean): Promise<PoolRun> {
  const rankings = new Map<string, string[]>();
  let lines = 0;
  for await (const { qid, docs } of readRunQueries(file)) {
    lines += docs.length;
    rankings.set(
      qid,
      docs.slice(0, depth).map((d) => d.id),
    );
  }
  if (lines === 0 && !allowEmpty) throw emptyRunError(file, 'pool');
  return { name: file, rankings };
}
