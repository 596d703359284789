import { isJudged } from '../corpus/judged-grade.js';
import { readQrels, type Qrels } from '../corpus/index.js';
import { readAdditions } from './additions.js';
import { mergeAdditions } from './merge-additions.js';

/** The source an LLM judge writes, and the one source whose judgements a human never made. */
export const LLM_SOURCE = 'llm';

/** A gold set split by who judged: what the LLM judge may fill, and what it is checked against. */
export interface JudgedBy {
  /** QRELS merged with every addition not `source: llm`: the human judgements. */
  human: Qrels;
  /** QRELS merged with all its additions (llm ones too), as readGold reads it. */
  all: Qrels;
}

/**
 * Reads a gold set twice over: once as humans judged it and once whole. The qrels file itself
 * counts as human (it is a published gold set), and so does an addition with no source (recorded
 * by hand before sources existed). Additions merge as everywhere (merge-additions.ts). The LLM judge skips every pair `all` judges, checks itself against `human`,
 * and measures how a ranking of runs moves between `human` and `all` with its grades filled in.
 */
export async function readJudgedBy(qrelsFile: string): Promise<JudgedBy> {
  const additions = await readAdditions(qrelsFile);
  const [human, all] = await Promise.all([readQrels(qrelsFile), readQrels(qrelsFile)]);
  mergeAdditions(
    human,
    additions.filter((a) => a.source !== LLM_SOURCE),
  );
  mergeAdditions(all, additions);
  return { human, all };
}

/** The grade `qrels` holds for a pair when it is a judgement (0 or more), else undefined. */
export function judgedGrade(qrels: Qrels, queryId: string, docId: string): number | undefined {
  const grade = qrels.get(queryId)?.get(docId);
  return isJudged(grade) ? grade : undefined;
}

/** A copy of `qrels` with `grades` set on top (the qrels as a fill would leave them). */
export function withGrades(qrels: Qrels, grades: readonly { queryId: string; docId: string; grade: number }[]): Qrels {
  const copy: Qrels = new Map([...qrels].map(([q, docs]) => [q, new Map(docs)]));
  for (const { queryId, docId, grade } of grades) {
    let docs = copy.get(queryId);
    if (docs === undefined) copy.set(queryId, (docs = new Map()));
    docs.set(docId, grade);
  }
  return copy;
}
