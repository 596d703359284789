import fs from 'node:fs';
import path from 'node:path';
import { isJudged } from '../../corpus/judged-grade.js';
import { readQrels } from '../../corpus/index.js';
import { InputError } from '../../errors.js';
import { beirSiblings } from '../../gold/beir-siblings.js';
import { judgeAgreements, type Agreement } from '../../gold/agreement.js';
import { readAdditions } from '../../gold/index.js';
import { readPool } from '../../runs/pool-file.js';
import type { WebDeps } from '../deps.js';
import { findGoldSets, loadGoldSet, resolveQrels, type GoldSetRef } from '../playground/gold-sets.js';
import { messageOf } from '../playground/run-playground.js';
import { judgingOrder, poolSeed, unjudgedInPool, type PoolPair } from './judging-order.js';
import { poolDocuments } from './pool-documents.js';
import {
  DEFAULT_EXPERIMENT_DEPTH,
  EXPERIMENT_POOL,
  experimentPool,
  experimentQrels,
  findExperimentPools,
  type ExperimentPoolRef,
} from './experiment-pools.js';
import { searchEveryLeg, type WrittenQuestion } from './written-question.js';
import { findPoolFiles, resolvePoolFile, type PoolRef } from './pool-files.js';

/** The judging page's parameters exactly as given (blank: not chosen yet). */
export interface JudgeForm {
  /** A qrels path inside the corpora root, as POST /gold takes it. */
  qrels: string;
  /** A pool file, `results:PATH` or `corpora:PATH` (see pool-files.ts), or `experiment:NAME` (experiment-pools.ts). */
  pool: string;
  /** For an experiment's pool: how deep into each configuration's run; blank for 10. */
  depth: string;
  /** Who judges: their own judgements are what is skipped, besides the published qrels'. */
  judge: string;
  /** Overrides the pool's own seed; blank for the pool's. */
  seed: string;
  /** Position among the pairs left to judge (0-based). */
  at: string;
  /** A question an expert writes, to search with every leg and grade (written-question.ts). */
  ask: string;
  /** The id of the question just created from this page, to confirm it. */
  created: string;
  /** Show this pair when it is still to judge (after an undo, the pair taken back). */
  query_id: string;
  doc_id: string;
}

export const JUDGE_FIELDS: readonly (keyof JudgeForm)[] = [
  'qrels',
  'pool',
  'depth',
  'judge',
  'seed',
  'at',
  'ask',
  'created',
  'query_id',
  'doc_id',
];

/** The form from a request's query string; a missing field is blank. */
export function readJudgeForm(query: Record<string, string | undefined>): JudgeForm {
  const form = {} as JudgeForm;
  for (const f of JUDGE_FIELDS) form[f] = query[f] ?? '';
  return form;
}

/** How far the pool is judged, counted over the pairs the pool file has. */
export interface JudgeProgress {
  /** Pairs in the pool file. */
  pool: number;
  /** Judged before this judge came to them: in the pool file's judged column or the published qrels. */
  skipped: number;
  /** Unjudged in the pool file and judged since by this judge. */
  byYou: number;
  /** Still to judge, in order. */
  left: number;
}

/** The pair on screen, and what the judge reads to grade it. */
export interface ShownPair extends PoolPair {
  /** Its place among the pairs left (0-based). */
  at: number;
  /** Undefined when the gold set's queries.jsonl has no such query. */
  queryText: string | undefined;
  title: string;
  /** Undefined when the corpus has no such document (it cannot be judged then). */
  text: string | undefined;
}

export interface JudgeView {
  form: JudgeForm;
  goldSets: GoldSetRef[];
  pools: PoolRef[];
  /** Saved experiments whose configurations' runs can be pooled and judged directly. */
  experiments: ExperimentPoolRef[];
  seed?: number;
  progress?: JudgeProgress;
  /**
   * How the judges of this gold set agree on the pool's pairs both judged (Cohen's kappa on the
   * page's 0-3 scale), one entry per two judges; empty until two judges have graded a pool pair.
   */
  agreements?: Agreement[];
  pair?: ShownPair;
  /** The expert's written question and the documents every leg found for it, once one is asked. */
  question?: WrittenQuestion;
  /** The written question `created` names, found in the gold set, with how many documents it has judged. */
  created?: { id: string; text: string; judged: number };
  error?: { status: 400 | 404; message: string };
}

/**
 * Everything the judging page shows: the gold sets and pools to choose from, then, once a gold
 * set, a pool and a judge's name are given, the pool's unjudged pairs in their blind seeded order
 * with those the published qrels or this judge have judged since left out, and the pair at `at`.
 * Pairs other judges graded stay in, so that two judges grade the same pairs and their agreement
 * can be measured (testbed gold agreement).
 */
export async function loadJudgeView(deps: WebDeps, form: JudgeForm): Promise<JudgeView> {
  const roots = { results: deps.resultsRoot, corpora: deps.corporaRoot };
  const view: JudgeView = {
    form,
    goldSets: findGoldSets(deps.corporaRoot),
    pools: findPoolFiles(roots),
    experiments: findExperimentPools(deps.resultsRoot),
  };
  if (form.pool.startsWith(EXPERIMENT_POOL) && !form.qrels) form.qrels = experimentGoldSet(deps, form.pool) ?? '';
  if (form.qrels && form.judge.trim() && form.ask.trim()) view.question = await askEveryLeg(deps, form);
  if (form.qrels && form.created) view.created = await createdQuestion(deps, form);
  if (!form.qrels || !form.pool) return view;
  try {
    const qrelsFile = resolveQrels(deps.corporaRoot, form.qrels);
    const published = await readQrels(qrelsFile);
    const experiment = form.pool.startsWith(EXPERIMENT_POOL);
    const poolFile = experiment ? undefined : resolvePoolFile(roots, form.pool);
    const entries = poolFile
      ? await readPool(poolFile)
      : await experimentPool(deps.resultsRoot, form.pool, experimentDepth(form), published, fileStamp(qrelsFile));
    view.seed = form.seed.trim() === '' ? poolSeed(entries) : wholeNumber(form.seed, 'seed');
    if (!form.judge.trim()) return view;
    const judge = form.judge.trim();
    const [gold, additions] = await Promise.all([loadGoldSet(deps.corporaRoot, form.qrels), readAdditions(qrelsFile)]);
    const mine = new Set(additions.filter((a) => a.judge === judge).map((a) => pairKey(a.query_id, a.doc_id)));
    const holes = judgingOrder(unjudgedInPool(entries), view.seed);
    const byYou = holes.filter(
      (p) => !isJudged(published.get(p.queryId)?.get(p.docId)) && mine.has(pairKey(p.queryId, p.docId)),
    );
    const left = holes.filter(
      (p) => !isJudged(published.get(p.queryId)?.get(p.docId)) && !mine.has(pairKey(p.queryId, p.docId)),
    );
    const inPool = new Set(entries.map((e) => pairKey(e.queryId, e.docId)));
    const judgedHere = additions.filter((a) => a.judge !== undefined && inPool.has(pairKey(a.query_id, a.doc_id)));
    view.agreements = judgeAgreements(judgedHere, { scale: JUDGE_SCALE }).agreements.filter((a) => a.pairs > 0);
    view.progress = {
      pool: entries.length,
      skipped: entries.length - byYou.length - left.length,
      byYou: byYou.length,
      left: left.length,
    };
    if (left.length === 0) return view;
    const asked = left.findIndex((p) => p.queryId === form.query_id && p.docId === form.doc_id);
    const at =
      asked >= 0
        ? asked
        : Math.min(Math.max(0, form.at.trim() === '' ? 0 : wholeNumber(form.at, 'at')), left.length - 1);
    const pair = left[at]!;
    const siblings = await beirSiblings(qrelsFile);
    const docs = siblings
      ? await poolDocuments(siblings.corpus, poolFile ?? form.pool, new Set(holes.map((p) => p.docId)))
      : new Map();
    const doc = docs.get(pair.docId);
    view.pair = {
      ...pair,
      at,
      queryText: gold.queries.find((q) => q.id === pair.queryId)?.text,
      title: doc?.title ?? '',
      text: doc?.text,
    };
  } catch (err) {
    view.error = { status: statusOf(err), message: messageOf(err) };
  }
  return view;
}

/** The judging page's URL for a form: blank fields left out. */
export function judgeUrl(form: Partial<JudgeForm>): string {
  const params = new URLSearchParams();
  for (const f of JUDGE_FIELDS) {
    const v = form[f];
    if (v !== undefined && v !== '') params.set(f, v);
  }
  const qs = params.toString();
  return qs ? `/judge?${qs}` : '/judge';
}

/** The written question searched over the gold set's corpus; an unreadable gold set is said in its place. */
async function askEveryLeg(deps: WebDeps, form: JudgeForm): Promise<WrittenQuestion> {
  const text = form.ask.trim();
  try {
    const gold = await loadGoldSet(deps.corporaRoot, form.qrels);
    return await searchEveryLeg(deps, gold.dir, text);
  } catch (err) {
    return { text, candidates: [], failed: [], error: messageOf(err) };
  }
}

/** The question just created, as the gold set now holds it; undefined when it does not (a stale address). */
async function createdQuestion(deps: WebDeps, form: JudgeForm): Promise<JudgeView['created']> {
  try {
    const gold = await loadGoldSet(deps.corporaRoot, form.qrels);
    const query = gold.queries.find((q) => q.id === form.created);
    return query && { id: query.id, text: query.text, judged: gold.judged.get(query.id)?.size ?? 0 };
  } catch {
    return undefined; // the setup form above says what is wrong with the gold set
  }
}

/** The depth of an experiment's pool: the form's, or 10. */
function experimentDepth(form: JudgeForm): number {
  if (form.depth.trim() === '') return DEFAULT_EXPERIMENT_DEPTH;
  const depth = wholeNumber(form.depth, 'depth');
  if (depth < 1 || depth > MAX_EXPERIMENT_DEPTH)
    throw new InputError(`must be from 1 to ${MAX_EXPERIMENT_DEPTH}, got ${depth}`, { field: 'depth' });
  return depth;
}

/** Deeper than this, a pool is more than anyone judges by hand: testbed gold judge is for that. */
const MAX_EXPERIMENT_DEPTH = 100;

/** The gold set (a path inside the corpora root) a saved experiment was scored against, when it is one the page serves. */
function experimentGoldSet(deps: WebDeps, pool: string): string | undefined {
  const file = experimentQrels(deps.resultsRoot, pool);
  if (file === undefined) return undefined;
  const relative = path.relative(realOr(deps.corporaRoot), realOr(file));
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join('/');
}

function realOr(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return file;
  }
}

function fileStamp(file: string): string {
  const s = fs.statSync(file);
  return `${s.mtimeMs}:${s.size}`;
}

const pairKey = (queryId: string, docId: string) => `${queryId}\t${docId}`;

/** The grades the page offers: weighted kappa spans the whole scale, whatever the judges used. */
const JUDGE_SCALE: readonly [number, number] = [0, 3];

function wholeNumber(value: string, field: string): number {
  const n = Number(value.trim());
  if (!Number.isSafeInteger(n) || n < 0)
    throw new InputError(`must be a whole number, got ${JSON.stringify(value)}`, { field });
  return n;
}

function statusOf(err: unknown): 400 | 404 {
  return err instanceof Error && 'status' in err && err.status === 404 ? 404 : 400;
}
