import type { MetricRow } from './metric-row.js';
import { findMetric, metricRows } from './metric-registry.js';

/** One trec_eval spelling of a row: `P_K` is { printed: 'P_', cut: true }, `map` is { printed: 'map', cut: false }. */
interface TrecSpelling {
  row: MetricRow;
  printed: string;
  /** Whether the cutoff follows `printed` (`P_` + 5); otherwise the spelling is the metric without one. */
  cut: boolean;
}

/** A row's trec_eval spellings, each as printed and whether its cutoff follows. */
function spellingsOf(row: MetricRow): TrecSpelling[] {
  return (row.trecEval ?? []).map((s) =>
    s.endsWith('_K') ? { row, printed: s.slice(0, -1), cut: true } : { row, printed: s, cut: false },
  );
}

function trecSpellings(): TrecSpelling[] {
  return metricRows().flatMap(spellingsOf);
}

/**
 * Reads one trec_eval measure name, case-insensitive (`ndcg_cut_10`, `P_5`, `Rprec`, and the
 * parameterised `ndcg_cut.10` of `trec_eval -m`): the row and cutoff it names, or undefined if it
 * is none of the rows' trec_eval spellings.
 */
export function readTrecMeasure(text: string): { row: MetricRow; k: number | undefined } | undefined {
  const word = text.toLowerCase().replace(/\.(?=\d+$)/, '_');
  for (const s of trecSpellings()) {
    const printed = s.printed.toLowerCase();
    if (!s.cut && word === printed) return { row: s.row, k: undefined };
    const rest = word.slice(printed.length);
    if (s.cut && word.startsWith(printed) && /^\d+$/.test(rest)) return { row: s.row, k: Number(rest) };
  }
  return undefined;
}

/** trec_eval's name for a metric (`ndcg@10` -> `ndcg_cut_10`, `mrr` -> `recip_rank`); undefined when it has none (`mrr@5`, `judged@10`). */
export function trecName(metric: { name: string; k: number | undefined }): string | undefined {
  const row = findMetric(metric.name);
  const spelling = row && spellingsOf(row).find((s) => s.cut === (metric.k !== undefined));
  if (spelling === undefined) return undefined;
  return spelling.cut ? `${spelling.printed}${metric.k}` : spelling.printed;
}

/** The cutoffs trec_eval prints P, recall, ndcg_cut and map_cut at by default. */
export const TREC_CUTOFFS = [5, 10, 15, 20, 30, 100, 200, 500, 1000];
/** ... and success at. */
export const SUCCESS_CUTOFFS = [1, 5, 10];

/**
 * What `all_trec` stands for: trec_eval's `-m all_trec` is every measure it has; this is every one
 * of them the testbed computes, at trec_eval's default cutoffs and in the order trec_eval prints
 * them. Left out: num_q, num_ret, num_rel, num_rel_ret, gm_map, iprec_at_recall, infAP, ndcg
 * without a cutoff and the other measures with no row here.
 */
export const ALL_TREC: readonly string[] = [
  'map',
  'Rprec',
  'bpref',
  'recip_rank',
  ...TREC_CUTOFFS.map((k) => `P_${k}`),
  ...TREC_CUTOFFS.map((k) => `recall_${k}`),
  ...TREC_CUTOFFS.map((k) => `ndcg_cut_${k}`),
  ...TREC_CUTOFFS.map((k) => `map_cut_${k}`),
  ...SUCCESS_CUTOFFS.map((k) => `success_${k}`),
];

/** The trec_eval spellings the parser accepts, for its errors: `success_K, ..., bpref, all_trec`. */
export function validTrecNames(): string {
  return [...trecSpellings().map((s) => (s.cut ? `${s.printed}K` : s.printed)), 'all_trec'].join(', ');
}
