import fs from 'node:fs';
import { InputError } from '../errors.js';
import type { CheckConfig } from './config.js';
import type { CheckResult, ConfigResult, ExperimentReport } from '../reports/report-model.js';

/**
 * The CI gate. Two kinds of assertion:
 * - `{metric, min, slice?, config?}`: the metric's mean (over the slice, if given, e.g.
 *   `type=identifier`) is at least `min`, for the named configuration or for every one
 *   (`first_stage.recall@100` and the like: the ranking a rerank stage was handed);
 * - `{baseline_file, max_drop, metrics?}`: no metric of any configuration present in a previous
 *   report.json falls more than `max_drop` below its value there.
 * Every failed assertion is listed, not just the first. A configuration with failed queries
 * fails too (answeredChecks).
 */
export function runChecks(checks: readonly CheckConfig[], report: Pick<ExperimentReport, 'configs'>): CheckResult[] {
  return [
    ...checks.flatMap((check) =>
      'metric' in check ? thresholdCheck(check, report.configs) : baselineCheck(check, report.configs),
    ),
    ...answeredChecks(report.configs),
  ];
}

/**
 * Always checked, whatever the config lists: a configuration with failed queries (a remote leg
 * that erred or answered something unusable) was scored over fewer queries than the others, so
 * its numbers do not gate anything until every query is answered.
 */
function answeredChecks(configs: readonly ConfigResult[]): CheckResult[] {
  return configs.flatMap((c) => {
    const f = c.failedQueries;
    if (!f) return [];
    const first = f.first[0];
    return [
      {
        description: `${c.name}: every query answered`,
        passed: false,
        detail: `${f.count} failed (scored over the ${f.scored} others)${first ? `; first: ${first.message}` : ''}`,
      },
    ];
  });
}

function thresholdCheck(
  check: Extract<CheckConfig, { metric: string }>,
  configs: readonly ConfigResult[],
): CheckResult[] {
  const targets = check.config ? configs.filter((c) => c.name === check.config) : configs;
  if (targets.length === 0)
    throw new InputError(`check names unknown configuration "${check.config}"`, { field: 'checks' });
  return targets.map((c) => {
    const where = check.slice ? ` on slice ${check.slice}` : '';
    const value = metricValue(c, check.metric, check.slice);
    const description = `${c.name}: ${check.metric}${where} >= ${check.min}`;
    if (value === undefined) {
      const why =
        isFirstStage(check.metric) && !c.firstStage
          ? 'no rerank stage, so no first stage'
          : `unknown ${check.slice ? 'slice' : 'metric'}`;
      return { description, passed: false, detail: `no value (${why})` };
    }
    return { description, passed: value >= check.min, detail: `${value.toFixed(4)}` };
  });
}

const isFirstStage = (metric: string) => metric.startsWith('first_stage.');

/**
 * A configuration's mean of `metric`, over a slice when given. `first_stage.<metric>` (e.g.
 * `first_stage.recall@100`) reads the ranking before the rerank stage (experiments/first-stage.ts),
 * so CI can gate what the reranker is handed as well as what it makes of it.
 */
function metricValue(c: ConfigResult, metric: string, slice: string | undefined): number | undefined {
  const source = isFirstStage(metric) ? c.firstStage : c;
  if (!source) return undefined;
  return slice ? source.slices.find((s) => s.label === slice)?.means[metric] : source.means[metric];
}

function baselineCheck(
  check: Extract<CheckConfig, { baseline_file: string }>,
  configs: readonly ConfigResult[],
): CheckResult[] {
  let baseline: ExperimentReport;
  try {
    baseline = JSON.parse(fs.readFileSync(check.baseline_file, 'utf8')) as ExperimentReport;
  } catch (err) {
    throw new InputError(`cannot read baseline report: ${(err as Error).message}`, { file: check.baseline_file });
  }
  const results: CheckResult[] = [];
  for (const c of configs) {
    const before = baseline.configs?.find((b) => b.name === c.name);
    if (!before) continue;
    for (const metric of check.metrics ?? Object.keys(before.means)) {
      const now = c.means[metric];
      const then = before.means[metric];
      if (now === undefined || then === undefined) continue;
      const drop = then - now;
      results.push({
        description: `${c.name}: ${metric} drops at most ${check.max_drop} against ${check.baseline_file}`,
        passed: drop <= check.max_drop + 1e-12,
        detail: `${then.toFixed(4)} -> ${now.toFixed(4)} (${drop > 0 ? '-' : '+'}${Math.abs(drop).toFixed(4)})`,
      });
    }
  }
  return results;
}
