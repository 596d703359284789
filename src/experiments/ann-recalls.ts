import { measureAnnRecall } from './ann-recall.js';
import { stableHash } from './grid.js';
import type { ExperimentPlan } from './plan.js';
import type { AnnRecall } from '../reports/report-model.js';
import type { RetrievedCells } from './retrieve-cells.js';

/** Per configuration that is one ANN vector leg (remote, or dense with `ann`), its ANN recall against the exact scan on its own index, at the experiment's ks. */
export async function annRecalls(plan: ExperimentPlan, retrieved: RetrievedCells): Promise<Map<string, AnnRecall>> {
  const out = new Map<string, AnnRecall>();
  for (const cell of plan.cells) {
    const run = retrieved.runs.get(cell.name);
    const open = retrieved.indexes.get(stableHash(cell.index));
    if (!run || !open) continue;
    const measured = await measureAnnRecall(
      open.searcher,
      cell.pipeline,
      run,
      plan.queries,
      plan.config.ks,
      retrieved.queryVectors.get(cell.name),
    );
    if (measured) out.set(cell.name, measured);
  }
  return out;
}
