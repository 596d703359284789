import type { Interval } from '../../stats/bootstrap.js';
import { formatValue } from '../../metrics/index.js';
import { describeSetting, fuseFlags } from './settings-grid.js';
import { SELECT_RULE_WORDS } from './select-setting.js';
import type { TuneSummary } from './tune-result.js';
import { isLegAlone, isTrained } from './tune-setting.js';
import { formatP, signed, signedInterval, tuneVerdict } from './tune-verdict.js';

/** What the text report shows besides its fixed parts. */
export interface TuneReportOptions {
  /** Append every setting's training means (`--report-all`). */
  all?: boolean;
  /** The legs' run files as given, for the `testbed fuse` line (default: the leg names). */
  runFiles?: readonly string[];
}

/**
 * A TuneSummary as `testbed tune` prints it: the folds' choices (with the best setting there and
 * its standard error), the held-out mean of `out` (the run file written) with its interval and
 * the two baselines, the verdict in words (tuneVerdict), and the setting to deploy, chosen on
 * all queries by the same rule. Values have the 4 decimals of `testbed eval`'s trec_eval line,
 * so the two can be compared by eye. With `all`, the table of every setting follows.
 */
export function tuneReportText(r: TuneSummary, out: string, seconds: number, options: TuneReportOptions = {}): string {
  const m = r.metric.label;
  const label = (s: number) => describeSetting(r.settings[s]!, r.legNames);
  const d = r.deploy;
  const deployed = r.settings[d.setting]!;
  const lines = [
    `${r.folds}-fold cross-validation over ${r.queries.length} queries (seed ${r.seed}), ${m}, ${r.settings.length} settings per fold, chosen by ${SELECT_RULE_WORDS[r.select]}; ${seconds.toFixed(1)} s`,
    '',
    ['fold', 'queries', `${m} other folds`, 'best there ± SE', `${m} held out`, 'chosen on the other folds'].join('\t'),
    ...r.choices.map((c, i) =>
      [
        i + 1,
        c.queries.length,
        formatValue(c.trainMean),
        `${formatValue(c.means[c.best]!)} ± ${formatValue(c.standardErrors[c.best]!)}`,
        formatValue(c.heldOutMean),
        label(c.setting),
      ].join('\t'),
    ),
    '',
    `held-out ${m} of ${out}: ${formatValue(r.heldOut.mean)}  95% CI [${formatValue(r.heldOut.low)}, ${formatValue(r.heldOut.high)}]`,
    `best single leg, ${r.bestLeg.name}: ${formatValue(r.bestLeg.mean)}  tuned - leg ${difference(r.bestLeg.diff, r.bestLeg.p)}`,
    `untuned ${r.untunedRrf.label}: ${formatValue(r.untunedRrf.mean)}  tuned - untuned ${difference(r.untunedRrf.diff, r.untunedRrf.p)}`,
    '',
    tuneVerdict(r),
    '',
    `To deploy, chosen on all ${r.queries.length} queries by ${SELECT_RULE_WORDS[r.select]}: ${label(d.setting)}`,
    `  ${m} ${formatValue(d.means[d.setting]!)} on them (${isTrained(deployed) ? 'each by the model trained without its fold, but ' : ''}in sample: they chose it); best there ${label(d.best)}, ${formatValue(d.means[d.best]!)} ± ${formatValue(d.standardErrors[d.best]!)}`,
    isLegAlone(deployed)
      ? `  use the ${r.legNames[deployed.alone]} run as it is: no fusion`
      : isTrained(deployed)
        ? `  a trained method: deploying it means training it on all ${r.queries.length} judged queries; testbed fuse reads no judgements and cannot apply it, so no fuse command ranks like it`
        : `  testbed fuse ${(options.runFiles ?? r.legNames).join(' ')} ${fuseFlags(deployed)} --out FILE`,
  ];
  if (r.leftOut > 0)
    lines.push(
      '',
      `${r.leftOut} run ${r.leftOut === 1 ? 'query' : 'queries'} without a relevant judgement not tuned and not written`,
    );
  if (options.all) lines.push('', ...allSettingsLines(r));
  return lines.join('\n') + '\n';
}

function difference(i: Interval, p: number): string {
  return `${signed(i.mean)}  95% CI ${signedInterval(i)}  ${formatP(p)}`;
}

/**
 * `--report-all`: each setting's training mean over all judged queries (with its standard error)
 * and over each fold's training queries, in grid order, as ranx's optimisation report lists
 * every configuration; "*" marks the setting to deploy, "+" each fold's choice. A trained
 * method's means are cross-validated (trainedFolds), as the header says when there is one.
 */
function allSettingsLines(r: TuneSummary): string[] {
  const m = r.metric.label;
  const folds = r.choices.map((_, f) => `fold ${f + 1}`);
  const trained = r.settings.some(isTrained)
    ? `; a trained method scores each query with its model trained without the query's fold (over a fold's training queries, without that fold too)`
    : '';
  return [
    `Every setting's training ${m}: the mean over all ${r.queries.length} judged queries with its standard error, and the mean over each fold's training queries (the other folds)${trained}; simplicity 1 is the simplest; * deployed, + chosen by that fold`,
    ['setting', 'simplicity', `all ${r.queries.length}`, 'SE', ...folds, 'description'].join('\t'),
    ...r.settings.map((s, i) =>
      [
        i + 1,
        r.simplicity[i]! + 1,
        formatValue(r.deploy.means[i]!) + (r.deploy.setting === i ? '*' : ''),
        formatValue(r.deploy.standardErrors[i]!),
        ...r.choices.map((c) => formatValue(c.means[i]!) + (c.setting === i ? '+' : '')),
        describeSetting(s, r.legNames),
      ].join('\t'),
    ),
  ];
}
