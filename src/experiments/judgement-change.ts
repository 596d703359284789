import path from 'node:path';
import { readJudgementsSnapshot } from '../gold/index.js';
import { evaluate, judgementsFor, parseMetric, sourceOf, type Judgements, type PairSources } from '../metrics/index.js';
import type { JudgementChange } from '../reports/diff/judgement-change-model.js';
import { fileSafe } from '../reports/file-safe.js';
import type { ExperimentReport } from '../reports/report-model.js';
import { readTrecRun } from '../runs/trec-run-reader.js';

/** A report and the folder it was saved in (its runs/ and qrels.tsv). */
export interface SavedSide {
  report: ExperimentReport;
  dir: string;
}

/**
 * Compares the judgements two saved reports were scored against (each report folder's qrels.tsv
 * and sources): pairs added, removed and regraded from A to B, by source; and, when they differ,
 * each configuration both reports ran re-scored with the other's judgements (B's run files
 * against A's judgements at A's threshold, over B's scored queries, and the reverse), with the
 * scorer every command uses. `metrics` are the diff's table metrics. `unknown` when a report was
 * saved before reports recorded their judgements.
 */
export async function judgementChange(
  a: SavedSide,
  b: SavedSide,
  metrics: readonly string[],
): Promise<JudgementChange> {
  const threshold = (s: SavedSide) => s.report.config.relevance_threshold ?? 1;
  const [ja, jb] = await Promise.all([
    readJudgementsSnapshot(a.dir, threshold(a)),
    readJudgementsSnapshot(b.dir, threshold(b)),
  ]);
  const missing = [ja ? undefined : 'A', jb ? undefined : 'B'].filter(Boolean);
  if (!ja || !jb)
    return {
      kind: 'unknown',
      why: `${missing.join(' and ')} ${missing.length > 1 ? 'were' : 'was'} saved before reports recorded the judgements they were scored with, so whether the qrels changed cannot be told`,
    };
  const added: Record<string, number> = {};
  const removed: Record<string, number> = {};
  const regraded: Record<string, number> = {};
  const count = (into: Record<string, number>, sources: PairSources | undefined, qid: string, doc: string) => {
    const kind = sourceOf(sources, qid, doc)?.kind ?? 'unknown';
    into[kind] = (into[kind] ?? 0) + 1;
  };
  for (const [qid, docs] of jb.grades)
    for (const [doc, grade] of docs) {
      const before = ja.grades.get(qid)?.get(doc);
      if (before === undefined) count(added, jb.sources, qid, doc);
      else if (before !== grade) count(regraded, jb.sources, qid, doc);
    }
  for (const [qid, docs] of ja.grades)
    for (const doc of docs.keys()) if (!jb.grades.get(qid)?.has(doc)) count(removed, ja.sources, qid, doc);
  const pairs = [...jb.grades.values()].reduce((n, d) => n + d.size, 0);
  const changed = [added, removed, regraded].some((c) => Object.keys(c).length > 0);
  if (!changed && threshold(a) === threshold(b)) return { kind: 'same', pairs };

  const parsed = metrics.map((m) => parseMetric(m));
  const names = a.report.configs.map((c) => c.name).filter((n) => b.report.configs.some((c) => c.name === n));
  const rescore = async (side: SavedSide, judgements: Judgements, name: string) => {
    const config = side.report.configs.find((c) => c.name === name)!;
    const run = await readTrecRun(path.join(side.dir, 'runs', `${fileSafe(name)}.trec`));
    const kept = judgementsFor(judgements, Object.keys(config.perQuery));
    if (kept.answerable.length === 0) return Object.fromEntries(parsed.map((m) => [m.label, Number.NaN]));
    return evaluate(kept, run, parsed).mean;
  };
  const rescored = await Promise.all(
    names.map(async (name) => ({
      name,
      bWithA: await rescore(b, ja, name),
      aWithB: await rescore(a, jb, name),
    })),
  );
  return { kind: 'changed', added, removed, regraded, rescored };
}
