import { judgementsOf } from '../metrics/index.js';
import { compareBytes, type Run } from '../runs/run.js';
import type { PoolEntry } from '../runs/pool.js';
import type { ChatClient } from '../llm/chat-client.js';
import { cohensKappa, type KappaResult } from '../stats/kappa.js';
import { kappaInterval } from '../stats/kappa-interval.js';
import { createRng, randomIndex } from '../stats/prng.js';
import { gradePairs, type GradedPair, type JudgePair, type PairGrades } from './grade-pairs.js';
import { judgedGrade, readJudgedBy, withGrades, type JudgedBy } from './human-and-llm-grades.js';
import { judgePromptSha256 } from './judge-prompt.js';
import { applyScale, scaleTop, settleScale, type JudgeScale, type ScaleOption } from './judge-scale.js';
import { readJudgeTexts, type JudgeSources, type JudgeTexts } from './judge-texts.js';
import { type RankingChange, rankingChange } from './ranking-change.js';

export interface JudgePlanOptions {
  qrelsFile: string;
  pool: readonly PoolEntry[];
  sources: JudgeSources;
  /** Human-judged pairs graded first, to measure agreement (the calibration sample). */
  sample: number;
  /** Draws the sample and is sent to the model. */
  seed: number;
  scale: ScaleOption;
  /** The lowest grade counted relevant: the binarised agreement cuts here. */
  threshold: number;
}

/** What the judge will do, settled before any request: the pool's state, the sample, the scale. */
export interface JudgePlan {
  promptSha256: string;
  /** The pool's pairs by state, read from the qrels and additions now (not the pool file's column). */
  pool: { pairs: number; holes: number; human: number; llm: number };
  holes: JudgePair[];
  /** Human-judged pairs there were to draw the sample from. */
  available: number;
  /** Of those, the ones graded below the threshold: with none, agreement cannot be measured. */
  humanNegatives: number;
  /** The pairs drawn, sorted by query then document. */
  sample: (JudgePair & { human: number })[];
  scale: JudgeScale;
  /** The qrels' highest human grade. */
  humanTop: number;
  threshold: number;
  seed: number;
  judged: JudgedBy;
  texts: JudgeTexts;
}

/** How the model's (scaled) grades on the sample compare with the humans' grades of the same pairs. */
export interface SampleAgreement {
  grades: PairGrades;
  /** Cohen's kappa over the pairs the model graded; `observed` is the raw agreement. */
  kappa: KappaResult;
  /** Linearly weighted kappa: a grade one step off counts as partly agreeing. */
  linear: KappaResult;
  /** Both, with every grade cut at the threshold (relevant or not). */
  binary: KappaResult;
  /** 95% percentile bootstrap intervals over the sample's pairs (stats/kappa-interval.ts). */
  intervals: { kappa: Interval; linear: Interval; binary: Interval };
}

interface Interval {
  low: number;
  high: number;
}

/**
 * Reads the gold set and the pool and settles what the judge will ask, before anything is sent:
 * the holes (pairs nobody has judged, human or model; read from the qrels and additions as they
 * are now, since the pool file may be older), a seeded sample of human-judged pairs to calibrate
 * on, and the scale the judge's 0-3 maps onto (auto: the qrels' highest human grade).
 */
export async function planJudge(options: JudgePlanOptions): Promise<JudgePlan> {
  const judged = await readJudgedBy(options.qrelsFile);
  const holes: JudgePair[] = [];
  let human = 0;
  let llm = 0;
  for (const { queryId, docId } of options.pool) {
    if (judgedGrade(judged.human, queryId, docId) !== undefined) human++;
    else if (judgedGrade(judged.all, queryId, docId) !== undefined) llm++;
    else holes.push({ queryId, docId });
  }
  const available = humanPairs(judged.human);
  const humanTop = Math.max(0, ...available.map((p) => p.human));
  const sample = drawSample(available, options.sample, options.seed);
  return {
    promptSha256: judgePromptSha256(),
    pool: { pairs: options.pool.length, holes: holes.length, human, llm },
    holes,
    available: available.length,
    humanNegatives: available.filter((p) => p.human < options.threshold).length,
    sample,
    scale: settleScale(options.scale, humanTop),
    humanTop,
    threshold: options.threshold,
    seed: options.seed,
    judged,
    texts: await readJudgeTexts(options.sources, [...sample, ...holes]),
  };
}

/**
 * Grades the calibration sample and measures agreement with the humans' grades: raw, Cohen's
 * kappa and linearly weighted kappa on the scaled grades, the same cut at the threshold, each
 * with a 95% interval. The sample's first pair goes alone, so a dead endpoint stops the run
 * after one request. Nothing else is asked here: the caller gates on these figures before a
 * single hole is paid for.
 */
export async function calibrateJudge(
  plan: JudgePlan,
  chat: ChatClient,
  onAnswer?: (done: number, failed: number) => void,
): Promise<SampleAgreement> {
  const raw = await gradePairs(chat, plan.sample, plan.texts, { seed: plan.seed, firstIsProbe: true, onAnswer });
  const grades = scaled(raw, plan.scale);
  const humanOf = new Map(plan.sample.map((p) => [key(p), p.human]));
  const compared = grades.graded.map((g) => [humanOf.get(key(g))!, g.grade] as const);
  const scale = [0, Math.max(scaleTop(plan.scale), plan.humanTop, ...compared.map(([h]) => h))] as const;
  const cut = (g: number) => (g >= plan.threshold ? 1 : 0);
  const binaryPairs = compared.map(([h, j]) => [cut(h), cut(j)] as const);
  const binaryScale = [0, 1] as const;
  const seed = plan.seed;
  return {
    grades,
    kappa: cohensKappa(compared, { scale }),
    linear: cohensKappa(compared, { scale, weighting: 'linear' }),
    binary: cohensKappa(binaryPairs, { scale: binaryScale }),
    intervals: {
      kappa: kappaInterval(compared, { scale, seed }),
      linear: kappaInterval(compared, { scale, weighting: 'linear', seed }),
      binary: kappaInterval(binaryPairs, { scale: binaryScale, seed }),
    },
  };
}

/**
 * Grades every hole of the plan, on its scale; `onGraded` gets each scaled grade as it arrives
 * (the caller writes it at once: an interrupted run keeps what it paid for, and a rerun skips it).
 * The first hole is a probe only when no sample went before.
 */
export async function fillHoles(
  plan: JudgePlan,
  chat: ChatClient,
  hooks: { onAnswer?: (done: number, failed: number) => void; onGraded?: (pair: GradedPair) => Promise<void> } = {},
): Promise<PairGrades> {
  const firstIsProbe = plan.sample.length === 0;
  const onGraded = hooks.onGraded;
  const graded = await gradePairs(chat, plan.holes, plan.texts, {
    seed: plan.seed,
    firstIsProbe,
    ...(hooks.onAnswer && { onAnswer: hooks.onAnswer }),
    ...(onGraded && { onGraded: (g: GradedPair) => onGraded({ ...g, grade: applyScale(plan.scale, g.grade) }) }),
  });
  return scaled(graded, plan.scale);
}

/**
 * Whether filling the holes reorders the runs: each run's mean ndcg@10 under the human-only
 * qrels and under the qrels the fill would leave, at the plan's threshold, and Kendall's tau-b.
 */
export function rankingAfterFill(
  plan: JudgePlan,
  runs: readonly { name: string; run: Run }[],
  fill: PairGrades,
): RankingChange {
  return rankingChange(
    runs,
    judgementsOf(plan.judged.human, plan.threshold),
    judgementsOf(withGrades(plan.judged.all, fill.graded), plan.threshold),
  );
}

function scaled(grades: PairGrades, scale: JudgeScale): PairGrades {
  return { ...grades, graded: grades.graded.map((g) => ({ ...g, grade: applyScale(scale, g.grade) })) };
}

/** Every pair humans judged (grade 0 or more), sorted by query then document so a seed picks the same ones. */
function humanPairs(qrels: Map<string, Map<string, number>>): (JudgePair & { human: number })[] {
  const pairs: (JudgePair & { human: number })[] = [];
  for (const [queryId, docs] of qrels)
    for (const [docId, grade] of docs) if (grade >= 0) pairs.push({ queryId, docId, human: grade });
  return pairs.sort(byPair);
}

/** `size` of `pairs` drawn without replacement (a partial Fisher-Yates shuffle with the seeded PRNG), sorted back. */
function drawSample<T extends JudgePair>(pairs: readonly T[], size: number, seed: number): T[] {
  const rng = createRng(seed);
  const pool = [...pairs];
  const n = Math.min(size, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + randomIndex(rng, pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n).sort(byPair);
}

function byPair(a: JudgePair, b: JudgePair): number {
  return compareBytes(a.queryId, b.queryId) || compareBytes(a.docId, b.docId);
}

function key(p: JudgePair): string {
  return `${p.queryId}\t${p.docId}`;
}
