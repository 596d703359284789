import type { AllPairsTests, ConfigResult, ExperimentReport } from './report-model.js';
import { fmt, printsAsZero, signed, tiesAtPrinted } from './format.js';
import { pairResult } from './pair-test-words.js';

/** Who is best on one metric over some queries, and who comes next. */
export interface Standing {
  /** The configurations with the highest mean: more than one when they tie. */
  best: string[];
  value: number;
  /** The next distinct value and who has it; absent when every configuration ties (or there is one). */
  runnerUp?: { names: string[]; value: number };
}

/** One pair's test, read off the report's all-pairs tests: its raw p, its adjusted p, and adjustedP < alpha. */
export interface PairTest {
  p: number;
  adjustedP: number;
  significant: boolean;
}

/**
 * Whether the overall lead is significant, from the report's all-pairs tests of the primary
 * metric (corrected for every pair of configurations). With tied leaders or tied runners-up
 * every pair of a leader and a runner-up is a lead; the one named is the least clear (the
 * largest adjusted p), so the lead is significant only when all are. `no-test-recorded` when a
 * pair has no test in the report (one saved before all-pairs tests).
 */
export type LeadTest =
  | ({ tested: true; leader: string; over: string; pairs: number } & PairTest)
  | { tested: false; why: 'no-test-recorded' };

export interface SliceStanding extends Standing {
  label: string;
  n: number;
  sentence: string;
}

/** A hybrid against the best single retriever on its index (the report's bestSingle). */
export interface HybridFinding {
  hybrid: string;
  single: string;
  /** hybrid − single on the primary metric, over all queries. */
  delta: number;
  /** The report's test of the pair (absent in a report saved before all-pairs tests). */
  test?: PairTest;
  /** Slices where the hybrid scores higher, largest gain first; `hurts`: lower, largest loss first. */
  helps: { label: string; delta: number }[];
  hurts: { label: string; delta: number }[];
  sentence: string;
}

/**
 * The real queries' figure, said before the overall one when a report has both real and
 * synthetic queries: generated questions flatter, so the number to trust comes first.
 */
export interface SourceFinding {
  /** Who is best over the real queries alone. */
  real: Standing & { n: number };
  /** The real leader's mean over the synthetic queries (the first leader's, when they tie). */
  synthetic: { mean: number; n: number };
  /** Mean overlap of real and synthetic queries with their relevant documents, when measured. */
  overlap?: { real: number; synthetic: number };
  sentence: string;
}

export interface Verdict {
  /** The primary metric (the report's first). */
  metric: string;
  /** Present when the report holds real and synthetic queries (its sourceGap). */
  sources?: SourceFinding;
  overall: Standing & { lead?: LeadTest; sentence: string };
  slices: SliceStanding[];
  /** Said once for all slices: no test runs per slice. */
  sliceNote: string;
  hybrids: HybridFinding[];
}

/**
 * The report in plain words, for its opening: the best configuration on the primary metric
 * overall and per slice, whether the overall lead is significant, and where each hybrid helps
 * or hurts against the best single retriever of its index. Nothing is computed here that the
 * report does not already hold: means, slice means, and its all-pairs tests (every pair of
 * configurations over all queries, corrected for the number of pairs), whose test, correction
 * and family size each judgement names.
 *
 * Two means that tie at the printed precision (tiesAtPrinted: they read the same, or their
 * difference reads 0.0000) tie: no winner, help or hurt is named by a difference that prints as zero. Names are in backticks, for Markdown code and the
 * page's <code>. Undefined when there is nothing to judge (no metric or no configuration).
 */
export function verdict(report: ExperimentReport): Verdict | undefined {
  // Only configurations scored over every query are ranked: one with failed queries (a remote
  // leg that erred) was scored over fewer, and its means are not comparable.
  const r = { ...report, configs: report.configs.filter((c) => !c.failedQueries) };
  const metric = r.metrics[0];
  if (metric === undefined || r.configs.length === 0) return undefined;
  const byName = new Map(r.configs.map((c) => [c.name, c]));
  const pair = (a: string, b: string) => pairTest(r.allPairs, metric, a, b);

  const leadOf = (s: Standing): { lead?: LeadTest } => {
    if (!s.runnerUp) return {};
    const leads = s.best.flatMap((leader) =>
      s.runnerUp!.names.map((over) => ({ leader, over, test: pair(leader, over) })),
    );
    if (leads.some((l) => !l.test)) return { lead: { tested: false, why: 'no-test-recorded' } };
    const weakest = leads.reduce((w, l) => (l.test!.adjustedP > w.test!.adjustedP ? l : w));
    return {
      lead: { tested: true, leader: weakest.leader, over: weakest.over, pairs: leads.length, ...weakest.test! },
    };
  };

  const overallStanding = standing(r.configs.map((c) => ({ name: c.name, value: c.means[metric] })));
  if (!overallStanding) return undefined;
  const overall = { ...overallStanding, ...leadOf(overallStanding) };

  const labels = r.configs[0]!.slices;
  const slices = labels.flatMap((s): SliceStanding[] => {
    const st = standing(r.configs.map((c) => ({ name: c.name, value: sliceMean(c, s.label, metric) })));
    return st
      ? [
          {
            ...st,
            label: s.label,
            n: s.n,
            sentence: `${s.label} (${s.n} ${s.n === 1 ? 'query' : 'queries'}): ${lead(st, '')}.`,
          },
        ]
      : [];
  });

  const hybrids = r.configs.flatMap((h): HybridFinding[] => {
    if (!h.bestSingle) return [];
    const single = h.bestSingle;
    const delta = (h.means[metric] ?? NaN) - (single.means[metric] ?? NaN);
    if (!Number.isFinite(delta)) return [];
    const singleResult = byName.get(single.name);
    const deltas = labels
      .map((s) => ({
        label: s.label,
        delta: sliceMean(h, s.label, metric) - (singleResult ? sliceMean(singleResult, s.label, metric) : NaN),
      }))
      .filter((d) => Number.isFinite(d.delta));
    const helps = deltas.filter((d) => d.delta > 0 && !printsAsZero(d.delta)).sort((a, b) => b.delta - a.delta);
    const hurts = deltas.filter((d) => d.delta < 0 && !printsAsZero(d.delta)).sort((a, b) => a.delta - b.delta);
    const test = pair(h.name, single.name);
    const finding = { hybrid: h.name, single: single.name, delta, ...(test && { test }), helps, hurts };
    const values = { hybrid: h.means[metric]!, single: single.means[metric]! };
    return [{ ...finding, sentence: hybridSentence(finding, metric, values, deltas.length > 0, r.allPairs) }];
  });

  const sources = sourceFinding(r, new Set(byName.keys()));
  return {
    metric,
    ...(sources && { sources }),
    overall: {
      ...overall,
      // With real queries leading (sources), the overall standing is the pooled one: say so.
      sentence: `${sources ? 'All queries pooled, real and synthetic: ' : ''}${overallSentence(overall, metric, r.allPairs)}`,
    },
    slices,
    sliceNote: `Best per slice on ${metric}. Slice differences are not tested for significance (the report's tests run over all queries).`,
    hybrids,
  };
}

/**
 * Real queries first: the standing over them (from the report's real vs synthetic gaps, on the
 * primary metric), then what the real leader scores on synthetic queries and whether they
 * flatter: by their overlap with their relevant documents against the real queries' when the
 * report measured it (flattering only when higher), else with the general warning. Only ranked
 * configurations (`ranked`) take part.
 */
function sourceFinding(r: ExperimentReport, ranked: ReadonlySet<string>): SourceFinding | undefined {
  const gaps = (r.sourceGap ?? []).filter((g) => ranked.has(g.config));
  const real = standing(gaps.map((g) => ({ name: g.config, value: g.real.mean })));
  if (!real || gaps.length === 0) return undefined;
  const leader = gaps.find((g) => g.config === real.best[0])!;
  const n = Math.max(...gaps.map((g) => g.real.n));
  const overlapOf = (source: string) => r.overlapBySource?.sources.find((s) => s.source === source)?.meanOverlap;
  const [realOverlap, syntheticOverlap] = [overlapOf('real'), overlapOf('synthetic')];
  const overlap =
    realOverlap !== undefined && syntheticOverlap !== undefined && Number.isFinite(realOverlap + syntheticOverlap)
      ? { real: realOverlap, synthetic: syntheticOverlap }
      : undefined;
  const who = real.best.length === 1 ? code(leader.config) : `${code(leader.config)} (one of the leaders)`;
  const m = leader.synthetic.n;
  const shares = overlap
    ? `sharing ${fmt(overlap.synthetic)} of their terms with their relevant documents on average against ${fmt(overlap.real)} for real queries`
    : '';
  const flatters = (x: number) => overlap !== undefined && x > overlap.real && !tiesAtPrinted(x, overlap.real);
  // Styles of generated questions (plain, unread, ...) judged one by one: pooled, one that copies its
  // passage would make one that does not look flattering too.
  const styles = (r.overlapBySource?.styles ?? []).filter(
    (s) => s.source === 'synthetic' && Number.isFinite(s.meanOverlap),
  );
  const byStyle = (pick: boolean) =>
    styles
      .filter((s) => flatters(s.meanOverlap) === pick)
      .map((s) => s.style)
      .join(', ');
  const judged = !overlap
    ? ': generated questions tend to reuse the words of their passage and flatter, so trust the real figure.'
    : styles.length > 1
      ? `; by style they share ${styles.map((s) => `${s.style} ${fmt(s.meanOverlap)}`).join(', ')} of their terms with their relevant documents against ${fmt(overlap.real)} for real queries: ` +
        (byStyle(true)
          ? `the ${byStyle(true)} questions flatter${byStyle(false) ? `, the ${byStyle(false)} ones do not` : ''}.`
          : 'no style flatters here.')
      : flatters(overlap.synthetic)
        ? `: they flatter, ${shares}.`
        : `, ${shares}: here their wording does not flatter.`;
  const sentence =
    `On the ${n} real ${n === 1 ? 'query' : 'queries'}, ${lead(real, ` on ${leader.metric}`)}. ` +
    `On the ${m} synthetic ${m === 1 ? 'query' : 'queries'} ${who} scores ${fmt(leader.synthetic.mean)} (${signed(leader.gap)} over its real figure)${judged}`;
  return {
    real: { ...real, n },
    synthetic: { mean: leader.synthetic.mean, n: leader.synthetic.n },
    ...(overlap && { overlap }),
    sentence,
  };
}

/**
 * The highest value and the next one that does not tie with it at the printed precision (so
 * 0.80812 and 0.80809 share first place); NaN and missing values take no part.
 */
export function standing(entries: readonly { name: string; value: number | undefined }[]): Standing | undefined {
  const scored = entries.filter(
    (e): e is { name: string; value: number } => e.value !== undefined && Number.isFinite(e.value),
  );
  if (scored.length === 0) return undefined;
  const top = Math.max(...scored.map((e) => e.value));
  const best = scored.filter((e) => tiesAtPrinted(top, e.value)).map((e) => e.name);
  const rest = scored.filter((e) => !tiesAtPrinted(top, e.value));
  if (rest.length === 0) return { best, value: top };
  const second = Math.max(...rest.map((e) => e.value));
  return {
    best,
    value: top,
    runnerUp: { names: rest.filter((e) => tiesAtPrinted(second, e.value)).map((e) => e.name), value: second },
  };
}

/** The report's test of a against b on `metric`, from its all-pairs tests (either order). */
function pairTest(tests: AllPairsTests | undefined, metric: string, a: string, b: string): PairTest | undefined {
  const found = tests?.pairs[metric]?.find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a));
  return found && { p: found.p, adjustedP: found.adjustedP, significant: found.significant };
}

const sliceMean = (c: ConfigResult, label: string, metric: string) =>
  c.slices.find((s) => s.label === label)?.means[metric] ?? NaN;

const code = (name: string) => `\`${name}\``;

/** `a`; `a` and `b`; `a`, `b` and `c`. */
function names(list: readonly string[]): string {
  const coded = list.map(code);
  return coded.length <= 1 ? coded.join('') : `${coded.slice(0, -1).join(', ')} and ${coded.at(-1)}`;
}

/**
 * "`a` is best{where} with 0.8000, ahead of `b` (0.7000) by 0.1000", or the tie: "`a` and `b` tie at
 * 0.8081" for two, "all 3 configurations tie at ..." for more (no runner-up).
 */
function lead(s: Standing, where: string): string {
  const head =
    s.best.length === 1
      ? s.runnerUp
        ? `${code(s.best[0]!)} is best${where} with ${fmt(s.value)}`
        : `${code(s.best[0]!)} is the only configuration scored${where}: ${fmt(s.value)}`
      : s.runnerUp
        ? `${names(s.best)} tie for best${where} at ${fmt(s.value)}`
        : s.best.length === 2
          ? `${names(s.best)} tie${where} at ${fmt(s.value)}`
          : `all ${s.best.length} configurations tie${where} at ${fmt(s.value)}`;
  return s.runnerUp
    ? `${head}, ahead of ${names(s.runnerUp.names)} (${fmt(s.runnerUp.value)}) by ${fmt(s.value - s.runnerUp.value)}`
    : head;
}

/**
 * "`a` is best overall on ndcg@10 with 0.7000, ahead of `b` (0.6000) by 0.1000. The lead of `a`
 * over `b` is not significant after Holm's correction over 3 pairs (adjusted p = 0.0938, raw
 * p = 0.0313, paired randomization test): these queries do not tell the two apart."
 */
function overallSentence(s: Standing & { lead?: LeadTest }, metric: string, tests: AllPairsTests | undefined): string {
  const first = `${lead(s, ` overall on ${metric}`)}.`;
  const t = s.lead;
  if (!t) return first;
  if (!t.tested || !tests) return `${first} The report holds no test of this lead.`;
  const which = t.pairs > 1 ? ` (the least clear of the ${t.pairs} pairs of a leader and a runner-up)` : '';
  const pair = `The lead of ${code(t.leader)} over ${code(t.over)}${which} is ${pairResult(tests, t)}`;
  return t.significant ? `${first} ${pair}.` : `${first} ${pair}: these queries do not tell the two apart.`;
}

function hybridSentence(
  f: Omit<HybridFinding, 'sentence'>,
  metric: string,
  value: { hybrid: number; single: number },
  sliced: boolean,
  tests: AllPairsTests | undefined,
): string {
  const against = `${code(f.single)}, the best single retriever on its index,`;
  const values = `on ${metric} (${fmt(value.hybrid)} vs ${fmt(value.single)})`;
  const test =
    f.test && tests ? `the difference is ${pairResult(tests, f.test)}` : 'the report holds no test of the difference';
  const first =
    f.delta > 0 && !printsAsZero(f.delta)
      ? `${code(f.hybrid)} beats ${against} by ${fmt(f.delta)} ${values}: fusion helps; ${test}.`
      : f.delta < 0 && !printsAsZero(f.delta)
        ? `${code(f.hybrid)} trails ${against} by ${fmt(-f.delta)} ${values}: fusion hurts; ${test}.`
        : `${code(f.hybrid)} ties ${against} ${values}: fusion changes nothing.`;
  if (!sliced) return first;
  const list = (ds: readonly { label: string; delta: number }[]) =>
    ds.map((d) => `${d.label} (${signed(d.delta)})`).join(', ');
  const where = [
    f.helps.length ? `it helps on ${list(f.helps)}` : '',
    f.hurts.length ? `it hurts on ${list(f.hurts)}` : '',
  ].filter(Boolean);
  return `${first} By slice, ${where.length ? where.join('; ') : 'it ties on every one'}.`;
}
