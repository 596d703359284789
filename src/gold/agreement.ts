import type { Qrels } from '../corpus/index.js';
import { InputError } from '../errors.js';
import { cohensKappa, type KappaResult } from '../stats/kappa.js';
import type { Addition } from './types.js';

/** How well two judges (or two qrels files) agree on the (query, document) pairs both judged. */
export interface Agreement {
  /** The first judge (rows of the confusion matrix). */
  a: string;
  /** The second judge (columns). */
  b: string;
  /** Pairs both judged. */
  pairs: number;
  /** Cohen's kappa; its `observed` is the raw agreement (share of pairs given the same grade). */
  kappa: KappaResult;
  /** Weighted kappa with linear weights: a grade one step off counts as partly agreeing. */
  linear: KappaResult;
}

export interface JudgeAgreements {
  /** Judges in the additions (or those asked for), each with the pairs they judged. */
  judges: { judge: string; pairs: number }[];
  /** One entry per pair of judges, in the order the judges are listed. */
  agreements: Agreement[];
  /** Additions that name no judge, so cannot count towards agreement. */
  withoutJudge: number;
}

/**
 * Agreement between every two judges of a gold set's additions, so a judging campaign can tell
 * whether its grades mean the same thing from one judge to the next. Each judge counts once per
 * (query, document) pair: their latest judgement (by date, then append order, as readGold
 * merges), so a judge who changed their mind is compared on what they decided last. `judges`
 * limits and orders the comparison; naming a judge who judged nothing is an error (a typo would
 * otherwise read as "no overlap"). The grade scale defaults to the lowest to the highest grade
 * any compared judge gave, one scale for every pair so their weighted kappas compare.
 */
export function judgeAgreements(
  additions: readonly Addition[],
  options: { judges?: readonly string[]; scale?: readonly [number, number] } = {},
): JudgeAgreements {
  const byJudge = latestGradesByJudge(additions);
  const withoutJudge = additions.filter((a) => a.judge === undefined).length;
  const names = options.judges ?? [...byJudge.keys()].sort();
  for (const name of names) {
    if (!byJudge.has(name)) {
      const found = [...byJudge.keys()].sort();
      throw new InputError(
        `judge ${JSON.stringify(name)} judged nothing here (judges found: ${found.length === 0 ? 'none' : found.join(', ')})`,
        { field: 'judges' },
      );
    }
  }
  if (new Set(names).size !== names.length) throw new InputError('a judge is named twice', { field: 'judges' });
  const chosen = names.map((name) => byJudge.get(name)!);
  const scale = options.scale ?? gradeRange(chosen);
  const agreements: Agreement[] = [];
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      agreements.push(agreementOf(names[i]!, chosen[i]!, names[j]!, chosen[j]!, scale));
    }
  }
  return { judges: names.map((judge, i) => ({ judge, pairs: chosen[i]!.size })), agreements, withoutJudge };
}

/**
 * Agreement between two whole qrels files (human qrels against click-derived ones, say) over the
 * pairs both judged; a pair only one of them judged says nothing about agreement and is left out.
 */
export function qrelsAgreement(
  a: { name: string; qrels: Qrels },
  b: { name: string; qrels: Qrels },
  scale?: readonly [number, number],
): Agreement {
  const gradesA = flatten(a.qrels);
  const gradesB = flatten(b.qrels);
  return agreementOf(a.name, gradesA, b.name, gradesB, scale ?? gradeRange([gradesA, gradesB]));
}

/** Judge → (pair key → grade), keeping each judge's latest judgement of a pair. */
function latestGradesByJudge(additions: readonly Addition[]): Map<string, Map<string, number>> {
  // Stable sort: equal dates keep their append order, so the last appended wins among them.
  const oldestFirst = [...additions].sort((x, y) => Date.parse(x.date) - Date.parse(y.date));
  const byJudge = new Map<string, Map<string, number>>();
  for (const { judge, query_id, doc_id, grade } of oldestFirst) {
    if (judge === undefined) continue;
    let grades = byJudge.get(judge);
    if (grades === undefined) byJudge.set(judge, (grades = new Map()));
    grades.set(pairKey(query_id, doc_id), grade);
  }
  return byJudge;
}

function agreementOf(
  a: string,
  gradesA: Map<string, number>,
  b: string,
  gradesB: Map<string, number>,
  scale: readonly [number, number],
): Agreement {
  const labels: [number, number][] = [];
  for (const [key, grade] of gradesA) {
    const other = gradesB.get(key);
    if (other !== undefined) labels.push([grade, other]);
  }
  return {
    a,
    b,
    pairs: labels.length,
    kappa: cohensKappa(labels, { scale }),
    linear: cohensKappa(labels, { scale, weighting: 'linear' }),
  };
}

function flatten(qrels: Qrels): Map<string, number> {
  const grades = new Map<string, number>();
  for (const [queryId, docs] of qrels) for (const [docId, grade] of docs) grades.set(pairKey(queryId, docId), grade);
  return grades;
}

// Ids hold no tabs (checkId), so a tab cannot make two different pairs one key.
function pairKey(queryId: string, docId: string): string {
  return `${queryId}\t${docId}`;
}

function gradeRange(gradeSets: readonly Map<string, number>[]): [number, number] {
  let low = Infinity;
  let high = -Infinity;
  for (const grades of gradeSets) {
    for (const grade of grades.values()) {
      low = Math.min(low, grade);
      high = Math.max(high, grade);
    }
  }
  return low > high ? [0, 0] : [low, high];
}
