import { judgementsOf } from '../metrics/index.js';
import { compareBytes, type Run } from '../runs/run.js';
import type { PoolEntry } from '../runs/pool.js';
import type { ChatClient } from '../llm/chat-client.js';
import { cohensKappa, type KappaResult } from '../stats/kappa.js';
import { createRng, randomIndex } from '../stats/prng.js';
import { gradePairs, type JudgePair, type PairGrades } from './grade-pairs.js';
import { judgedGrade, readJudgedBy, withGrades } from './human-and-llm-grades.js';
import { JUDGE_SCALE, judgePromptSha256 } from './judge-prompt.js';
import { readJudgeTexts, type JudgeSources } from './judge-texts.js';
import { type RankingChange, rankingChange } from './ranking-change.js';

export interface LlmJudgeOptions {
  qrelsFile: string;
  pool: readonly PoolEntry[];
  chat: ChatClient;
  sources: JudgeSources;
  /** Human-judged pairs graded to measure agreement. */
  sample: number;
  /** Draws the sample and is sent to the model. */
  seed: number;
  /** The experiment's runs, to see whether filling reorders them. */
  runs?: readonly { name: string; run: Run }[];
}

/** How the model's grades on the sample compare with the humans' grades of the same pairs. */
export interface SampleAgreement {
  /** Human-judged pairs there were to draw from. */
  available: number;
  /** The pairs drawn, sorted by query then document. */
  pairs: (JudgePair & { human: number })[];
  grades: PairGrades;
  /** Cohen's kappa over the pairs the model graded; `observed` is the raw agreement. */
  kappa: KappaResult;
  /** Linearly weighted kappa: a grade one step off counts as partly agreeing. */
  linear: KappaResult;
}

export interface LlmJudgeResult {
  promptSha256: string;
  /** The pool's pairs by state, read from the qrels and additions now (not the pool file's column). */
  pool: { pairs: number; holes: number; human: number; llm: number };
  agreement: SampleAgreement;
  /** The model's grades for the holes: what a fill writes. */
  fill: PairGrades;
  /** Present when runs were given. */
  ranking?: RankingChange;
}

/**
 * Everything an LLM judge does before it writes: grades a seeded sample of pairs humans judged
 * and measures agreement (raw, Cohen's kappa, linearly weighted kappa on the 0-3 scale), grades
 * every hole of the pool (a pair nobody has judged, human or model), and, with runs, ranks them
 * under human-only qrels and under the qrels the fill would leave (Kendall's tau-b). Nothing is
 * written here: the caller decides from these figures whether to write (writeLlmGrades), so a
 * judge that disagrees with humans can be refused before it touches the gold set. Whether a pair
 * is judged is read from the qrels and additions as they are now, since the pool file may be
 * older than the latest judgements. The sample goes first and its first pair alone, so a dead
 * endpoint stops the run after one request.
 */
export async function llmJudge(options: LlmJudgeOptions): Promise<LlmJudgeResult> {
  const { chat, seed } = options;
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
  const drawn = drawSample(available, options.sample, seed);
  const texts = await readJudgeTexts(options.sources, [...drawn, ...holes]);

  const sampleGrades = await gradePairs(chat, drawn, texts, { seed, firstIsProbe: true });
  const fill = await gradePairs(chat, holes, texts, { seed, firstIsProbe: drawn.length === 0 });

  const humanOf = new Map(drawn.map((p) => [key(p), p.human]));
  const compared = sampleGrades.graded.map((g) => [humanOf.get(key(g))!, g.grade] as const);
  const scale = [JUDGE_SCALE[0], Math.max(JUDGE_SCALE[1], ...compared.map(([h]) => h))] as const;
  const result: LlmJudgeResult = {
    promptSha256: judgePromptSha256(),
    pool: { pairs: options.pool.length, holes: holes.length, human, llm },
    agreement: {
      available: available.length,
      pairs: drawn,
      grades: sampleGrades,
      kappa: cohensKappa(compared, { scale }),
      linear: cohensKappa(compared, { scale, weighting: 'linear' }),
    },
    fill,
  };
  if (options.runs !== undefined && options.runs.length > 0)
    result.ranking = rankingChange(
      options.runs,
      judgementsOf(judged.human),
      judgementsOf(withGrades(judged.all, fill.graded)),
    );
  return result;
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
