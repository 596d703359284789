import { InputError } from '../../errors.js';
import { queryText } from '../query-text.js';
import type { ConfigResult, ExperimentReport } from '../report-model.js';
import type { JudgementChange } from './judgement-change-model.js';
import { countOutcomes, metricColumn, outcomeOf, type Outcome, type OutcomeCounts } from './outcome.js';

/** How many moved queries `testbed diff` and the diff page list per configuration, by default. */
export const DEFAULT_TOP = 10;

/** One side of a diff: which report it is. */
export interface DiffSide {
  name: string;
  createdAt: string;
}

/** One configuration's mean of one metric in both reports: delta = B − A, outcome of B against A. */
export interface MeanDiff {
  metric: string;
  a: number;
  b: number;
  delta: number;
  outcome: Outcome;
}

/** A query of one configuration whose value of the diff's metric changed from A to B. */
export interface MovedQuery {
  id: string;
  /** Absent when neither report recorded it (saved before queryDetails, and never a miss). */
  text?: string;
  a: number;
  b: number;
  delta: number;
  outcome: Outcome;
}

export interface ConfigDiff {
  name: string;
  /** One per metric of the diff's `metrics`. */
  means: MeanDiff[];
  /** On the diff's metric, over the queries both reports scored: B's wins, losses and ties against A. */
  counts: OutcomeCounts;
  /** The `top` queries with the largest |B − A| on the diff's metric, ties left out (they did not move). */
  moved: MovedQuery[];
}

/**
 * Two reports compared configuration by configuration (matched by name): the one model that
 * `testbed diff` prints and the diff page renders.
 */
export interface ReportDiff {
  a: DiffSide;
  b: DiffSide;
  /** The metric of the per-query comparison: --metric (any both scored), or A's primary metric. */
  metric: string;
  /** The means table's metrics: those both reports show in their tables, in A's order. */
  metrics: string[];
  onlyInA: string[];
  onlyInB: string[];
  /** Query ids any configuration scored in A, in B, and in both: per-query outcomes pair only `both`. */
  queries: { a: number; b: number; both: number };
  configs: ConfigDiff[];
  /** Whether A and B were scored against the same judgements (added by the caller, which reads the report folders). */
  judgements?: JudgementChange;
}

export interface DiffOptions {
  metric?: string;
  top?: number;
}

/**
 * Report B against report A. Configurations are matched by name, in A's order; those in one
 * report only are named, not compared. Means are each report's own (over its answerable
 * queries); per-query outcomes pair the queries both scored. A difference that prints as zero
 * (tiesAtPrinted) is a tie, never a win or a loss. Moved queries: largest |delta| first, then by
 * query id, so the list is stable.
 */
export function diffReports(a: ExperimentReport, b: ExperimentReport, options: DiffOptions = {}): ReportDiff {
  const scored = metricLabels(a).filter((m) => metricLabels(b).includes(m));
  const metric = chooseMetric(a, b, scored, options.metric);
  // The table's metrics: those both reports show (not every curve point), else all they share.
  const shown = scored.filter((m) => a.metrics.includes(m) && b.metrics.includes(m));
  const metrics = shown.length ? shown : scored;
  const top = options.top ?? DEFAULT_TOP;
  const inB = new Map(b.configs.map((c) => [c.name, c]));
  const namesA = new Set(a.configs.map((c) => c.name));
  return {
    a: { name: a.name, createdAt: a.createdAt },
    b: { name: b.name, createdAt: b.createdAt },
    metric,
    metrics,
    onlyInA: a.configs.filter((c) => !inB.has(c.name)).map((c) => c.name),
    onlyInB: b.configs.filter((c) => !namesA.has(c.name)).map((c) => c.name),
    queries: queryCounts(a, b),
    configs: a.configs
      .filter((c) => inB.has(c.name))
      .map((ca) =>
        diffConfig(ca, inB.get(ca.name)!, metrics, metric, top, (qid) => queryText(b, qid) ?? queryText(a, qid)),
      ),
  };
}

function diffConfig(
  ca: ConfigResult,
  cb: ConfigResult,
  metrics: readonly string[],
  metric: string,
  top: number,
  textOf: (qid: string) => string | undefined,
): ConfigDiff {
  const colA = metricColumn(ca.perQuery, metric);
  const colB = metricColumn(cb.perQuery, metric);
  const moved: MovedQuery[] = [];
  for (const [id, vb] of Object.entries(colB)) {
    const va = colA[id];
    if (va === undefined || vb === undefined || !Number.isFinite(va) || !Number.isFinite(vb)) continue;
    const outcome = outcomeOf(vb, va);
    if (outcome === 'tie') continue;
    const text = textOf(id);
    moved.push({ id, ...(text !== undefined && { text }), a: va, b: vb, delta: vb - va, outcome });
  }
  moved.sort((x, y) => Math.abs(y.delta) - Math.abs(x.delta) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  return {
    name: ca.name,
    means: metrics.map((m) => {
      const va = ca.means[m] ?? Number.NaN;
      const vb = cb.means[m] ?? Number.NaN;
      return { metric: m, a: va, b: vb, delta: vb - va, outcome: outcomeOf(vb, va) };
    }),
    counts: countOutcomes(colB, colA),
    moved: moved.slice(0, top),
  };
}

function queryCounts(a: ExperimentReport, b: ExperimentReport): ReportDiff['queries'] {
  const ids = (r: ExperimentReport) => new Set(r.configs.flatMap((c) => Object.keys(c.perQuery)));
  const [inA, inB] = [ids(a), ids(b)];
  return { a: inA.size, b: inB.size, both: [...inA].filter((q) => inB.has(q)).length };
}

/** The metric labels a report scored, in table order: its shown metrics, then any other its means hold. */
function metricLabels(r: ExperimentReport): string[] {
  const scored = Object.keys(r.configs[0]?.means ?? {});
  return [...new Set([...r.metrics.filter((m) => scored.includes(m)), ...scored])];
}

function chooseMetric(a: ExperimentReport, b: ExperimentReport, common: readonly string[], asked?: string): string {
  if (asked !== undefined) {
    if (!common.includes(asked))
      throw new InputError(
        `metric "${asked}" is not one both reports scored; they share ${common.join(', ') || 'none'}`,
      );
    return asked;
  }
  const primary = a.metrics[0];
  if (primary !== undefined && common.includes(primary)) return primary;
  if (common[0] === undefined)
    throw new InputError(`reports "${a.name}" and "${b.name}" share no metric, so there is nothing to compare`);
  return common[0];
}
