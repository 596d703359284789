import type { Interval } from '../../stats/bootstrap.js';
import { formatValue } from '../../metrics/index.js';
import type { CompleteFuseOptions } from '../fuse-lists.js';
import { describeSetting } from './settings-grid.js';
import type { TuneResult } from './tune-result.js';

/**
 * A TuneResult as `testbed tune` prints it: the folds' choices, then the held-out mean of
 * `out` (the run file written) with its interval and the two baselines. Values have the 4
 * decimals of `testbed eval`'s trec_eval line, so the two can be compared by eye.
 */
export function tuneReportText(r: TuneResult, out: string, seconds: number): string {
  const m = r.metric.label;
  const lines = [
    `${r.folds}-fold cross-validation over ${r.queries.length} queries (seed ${r.seed}), ${m}, ${r.settings.length} settings per fold; ${seconds.toFixed(1)} s`,
    '',
    ['fold', 'queries', `${m} other folds`, `${m} held out`, 'chosen on the other folds'].join('\t'),
    ...r.choices.map((c, i) =>
      [
        i + 1,
        c.queries.length,
        formatValue(c.trainMean),
        formatValue(c.heldOutMean),
        describeSetting(r.settings[c.setting]!, r.legNames),
      ].join('\t'),
    ),
    '',
    `held-out ${m} of ${out}: ${formatValue(r.heldOut.mean)}  95% CI [${formatValue(r.heldOut.low)}, ${formatValue(r.heldOut.high)}]`,
    `best single leg, ${r.bestLeg.name}: ${formatValue(r.bestLeg.mean)}  tuned - leg ${signed(r.bestLeg.diff)}`,
    `untuned ${r.untunedRrf.label}: ${formatValue(r.untunedRrf.mean)}  tuned - untuned ${signed(r.untunedRrf.diff)}`,
  ];
  if (r.leftOut > 0)
    lines.push(
      `${r.leftOut} run ${r.leftOut === 1 ? 'query' : 'queries'} without a relevant judgement not tuned and not written`,
    );
  return lines.join('\n') + '\n';
}

function signed(i: Interval): string {
  const s = (x: number) => (x >= 0 ? '+' : '') + formatValue(x);
  return `${s(i.mean)}  95% CI [${s(i.low)}, ${s(i.high)}]`;
}

/** The same report as plain data (`testbed tune --json`): full-precision values, snake_case keys. */
export function tuneReportJson(r: TuneResult, out: string) {
  const setting = (s: CompleteFuseOptions) => ({
    method: s.method,
    norm: s.norm,
    rrf_k: s.rrfK,
    weights: Object.fromEntries(r.legNames.map((n, i) => [n, s.weights[i]])),
    label: describeSetting(s, r.legNames),
  });
  return {
    metric: r.metric.label,
    folds: r.choices.map((c) => ({
      queries: c.queries,
      setting: setting(r.settings[c.setting]!),
      train_mean: c.trainMean,
      held_out_mean: c.heldOutMean,
    })),
    settings: r.settings.length,
    queries: r.queries.length,
    held_out: r.heldOut,
    best_leg: { name: r.bestLeg.name, mean: r.bestLeg.mean, tuned_minus_leg: r.bestLeg.diff },
    untuned_rrf: { label: r.untunedRrf.label, mean: r.untunedRrf.mean, tuned_minus_untuned: r.untunedRrf.diff },
    left_out: r.leftOut,
    out,
  };
}
