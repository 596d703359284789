import { isJudged } from '../corpus/judged-grade.js';
import { isBlank } from '../runs/document-ranking.js';
import { gradesOf, type Judgements } from './judgements.js';
import { SOURCE_KINDS, sourceOf, type ServedShare, type SourceKind } from './pair-sources.js';

/** The depth the commands report a run's judgements at: judged@10's, as experiment reports show it. */
export const SOURCE_MIX_K = 10;

/** The judgements a run's top k rest on: per source, the share of its top-k documents judged from it. */
export interface SourceMix {
  k: number;
  /** Queries averaged over: those with at least one document in the top k (blanked repeats skipped). */
  queries: number;
  /**
   * Per source, the share of a query's top-k documents judged from it, averaged over the queries
   * as judged@k is (so `1 - unjudged` is judged@k over the same queries); `unknown` when no source
   * was recorded.
   */
  shares: Partial<Record<SourceKind | 'unknown', number>>;
  /** The share with no judgement at all (no grade, or a negative one): what every metric reads as not relevant. */
  unjudged: number;
}

/**
 * Which judgements a run's scores rest on: over the top `k` of each of `rankings` (query id ->
 * document ids), the share of documents judged from each source and the share unjudged, averaged
 * over the queries. Two runs scored against one gold set can rest on different judgements: one
 * mostly on published grades, another on an LLM's, or on nothing.
 */
export function sourceMix(
  judgements: Judgements,
  rankings: Iterable<[string, readonly string[]]>,
  k: number,
): SourceMix {
  const sums = new Map<SourceKind | 'unknown', number>();
  let queries = 0;
  let unjudged = 0;
  for (const [qid, ranking] of rankings) {
    const grades = gradesOf(judgements, qid);
    const top = ranking.slice(0, k).filter((id) => !isBlank(id));
    if (top.length === 0) continue;
    queries++;
    for (const id of top) {
      if (!isJudged(grades.get(id))) {
        unjudged += 1 / top.length;
        continue;
      }
      const kind = sourceOf(judgements.sources, qid, id)?.kind ?? 'unknown';
      sums.set(kind, (sums.get(kind) ?? 0) + 1 / top.length);
    }
  }
  const shares: SourceMix['shares'] = {};
  for (const kind of [...SOURCE_KINDS, 'unknown'] as const) {
    const sum = sums.get(kind);
    if (sum) shares[kind] = sum / queries;
  }
  return { k, queries, shares, unjudged: queries ? unjudged / queries : 0 };
}

/** `published 71.2%, llm 8.0%, unjudged 20.8%`: a mix in one line, sources in table order. */
export function describeSourceMix(mix: SourceMix): string {
  if (mix.queries === 0) return `no document in the top ${mix.k}`;
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const parts = Object.entries(mix.shares).map(([kind, share]) => `${kind} ${pct(share)}`);
  return [...parts, `unjudged ${pct(mix.unjudged)}`].join(', ');
}

/** The pipelines that served the log click judgements came from, by their mean share of the judged pairs' impressions. */
export interface ClickLog {
  /** Judgements from clicks. */
  pairs: number;
  /** Largest share first. */
  servedBy: ServedShare[];
}

/** The click log behind a gold set, when some of its judgements come from clicks; undefined otherwise. */
export function clickLog(judgements: Judgements): ClickLog | undefined {
  const sums = new Map<string, number>();
  let pairs = 0;
  for (const docs of judgements.sources?.values() ?? [])
    for (const source of docs.values()) {
      if (source.kind !== 'clicks') continue;
      pairs++;
      for (const s of source.servedBy ?? [{ pipeline: 'unknown', share: 1 }])
        sums.set(s.pipeline, (sums.get(s.pipeline) ?? 0) + s.share);
    }
  if (pairs === 0) return undefined;
  const servedBy = [...sums]
    .map(([pipeline, sum]) => ({ pipeline, share: sum / pairs }))
    .sort((a, b) => b.share - a.share || (a.pipeline < b.pipeline ? -1 : 1));
  return { pairs, servedBy };
}

/**
 * How many of a run's top-k documents, over the queries judged from clicks, have no click
 * judgement: the logged pipeline never showed them (or too rarely to grade), so every metric
 * reads them as not relevant. The logged pipeline's own run scores none; any other is marked
 * down for each, which is how click judgements favour the engine that served the log.
 */
export function unshownByLog(
  judgements: Judgements,
  rankings: Iterable<[string, readonly string[]]>,
  k: number,
): { documents: number; unshown: number } {
  let documents = 0;
  let unshown = 0;
  for (const [qid, ranking] of rankings) {
    const sources = judgements.sources?.get(qid);
    if (!sources || ![...sources.values()].some((s) => s.kind === 'clicks')) continue;
    for (const id of ranking.slice(0, k)) {
      if (isBlank(id)) continue;
      documents++;
      if (sources.get(id)?.kind !== 'clicks') unshown++;
    }
  }
  return { documents, unshown };
}

/** The warning eval, compare and tune print when a gold set holds click judgements. */
export function clickWarning(log: ClickLog, unshown: { documents: number; unshown: number }, k: number): string {
  const by = log.servedBy.map((s) => `${s.pipeline} (${(100 * s.share).toFixed(0)}%)`).join(', ');
  return (
    `warning: ${log.pairs} judgements come from clicks on a log served by ${by}: they judge only what it showed, so they favour it; ` +
    `${unshown.unshown} of this run's ${unshown.documents} top-${k} documents on those queries were never shown by it and count as not relevant`
  );
}
