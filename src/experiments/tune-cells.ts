import { tuneFusion } from '../fusion/tune/tune-fusion.js';
import { describeSetting, fuseFlags } from '../fusion/tune/settings-grid.js';
import { isLegAlone } from '../fusion/tune/tune-setting.js';
import { tuneVerdict } from '../fusion/tune/tune-verdict.js';
import { judgementsFor, parseMetric } from '../metrics/index.js';
import type { CellRun } from './cell-run.js';
import type { TuneConfig } from './config.js';
import type { Cell } from './grid.js';
import type { ExperimentPlan } from './plan.js';
import { tuneLegCells } from './tune-legs.js';
import type { Tuning } from '../reports/report-model.js';

/** A configuration made by tuning: the cross-validated run of a tune block, and how it was chosen. */
export interface TunedCell {
  config: TuneConfig;
  /** The first leg's cell: the index the report lists for it. */
  base: Cell;
  run: CellRun;
  tuning: Tuning;
}

/**
 * The tune stage: for each `tune:` block, fuses the runs of the configurations it names with
 * fusion/tune (k-fold cross-validation over the judged queries, seeded by the experiment's
 * seed), so every query is ranked with a setting chosen on the other folds. The result becomes
 * one more configuration, scored and compared like the others. A query's latency is that of
 * what ranked it: the one configuration its fold chose, or for a fusion every leg's summed
 * (fusing costs microseconds). Document level only: the tuner scores document ids.
 */
export function tuneCells(plan: ExperimentPlan, runs: ReadonlyMap<string, CellRun>): TunedCell[] {
  const { config } = plan;
  return config.tune.map((t, i) => {
    const legCells = tuneLegCells(config, plan.cells, i);
    const legs = legCells.map((cell) => ({ name: cell.name, run: asRun(runs.get(cell.name)!) }));
    const metric = parseMetric(t.metric ?? config.metrics[0]!);
    // A query any leg failed for is failed for the fusion too: neither tuned on nor ranked.
    const failed = legCells
      .flatMap((c) => runs.get(c.name)!.failed ?? [])
      .filter((f, j, all) => all.findIndex((o) => o.queryId === f.queryId) === j);
    const failedSet = new Set(failed.map((f) => f.queryId));
    // The query set's answerable queries, as every configuration is scored on.
    const judgements = judgementsFor(
      plan.judgements,
      [...plan.answerable].filter((qid) => !failedSet.has(qid)),
    );
    const result = tuneFusion(legs, judgements, {
      metric,
      folds: t.folds,
      seed: config.seed,
      depth: plan.depth,
      k: plan.depth,
      ...(t.methods && { grid: { methods: t.methods } }),
      ...(t.select && { select: t.select }),
    });
    const run: CellRun = {
      key: `tuned:${t.name}`,
      cell: t.name,
      level: 'doc',
      depth: plan.depth,
      rankings: {},
      scores: {},
      latencyMs: {},
      ...(failed.length && { failed }),
    };
    // The setting each query was ranked with: the one its fold chose on the other folds.
    const settingOf = new Map(result.choices.flatMap((c) => c.queries.map((q) => [q, c.setting] as const)));
    for (const [qid, docs] of result.run) {
      if (failedSet.has(qid)) continue;
      run.rankings[qid] = docs.map((d) => d.id);
      run.scores[qid] = docs.map((d) => d.score);
      // A query whose fold chose one configuration alone costs that configuration's search; a
      // fusion costs every leg's (fusing itself takes microseconds).
      const setting = result.settings[settingOf.get(qid) ?? -1];
      const costed = setting && isLegAlone(setting) ? [legCells[setting.alone]!] : legCells;
      run.latencyMs[qid] = costed.reduce((sum, c) => sum + (runs.get(c.name)!.latencyMs[qid] ?? 0), 0);
    }
    const deployed = result.settings[result.deploy.setting]!;
    const flags = fuseFlags(deployed);
    const tuning: Tuning = {
      legs: t.legs,
      metric: metric.label,
      folds: result.folds,
      seed: result.seed,
      settingsSearched: result.settings.length,
      heldOut: { mean: result.heldOut.mean, low: result.heldOut.low, high: result.heldOut.high },
      perFold: result.choices.map((c) => ({
        queries: c.queries.length,
        setting: describeSetting(result.settings[c.setting]!, result.legNames),
        trainMean: c.trainMean,
        heldOutMean: c.heldOutMean,
      })),
      select: result.select,
      bestLeg: { name: result.bestLeg.name, mean: result.bestLeg.mean, diff: result.bestLeg.diff, p: result.bestLeg.p },
      verdict: tuneVerdict(result),
      deploy: {
        setting: describeSetting(deployed, result.legNames),
        ...(flags && { fuseFlags: flags }),
      },
      untunedRrf: { mean: result.untunedRrf.mean, diff: result.untunedRrf.diff },
    };
    return { config: t, base: legCells[0]!, run, tuning };
  });
}

function asRun(cell: CellRun): Map<string, { id: string; score: number }[]> {
  return new Map(
    Object.entries(cell.rankings).map(([qid, ids]) => [
      qid,
      ids.map((id, i) => ({ id, score: cell.scores[qid]![i]! })),
    ]),
  );
}
