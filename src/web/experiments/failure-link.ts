import fs from 'node:fs';
import path from 'node:path';
import type { IndexRegistry } from '../../serving/catalog/index-registry.js';
import { goldPaths } from '../../experiments/config.js';
import type { ConfigResult, ExperimentReport, Failure } from '../../reports/report-model.js';
import { playgroundUrl, type PlaygroundForm } from '../playground/form.js';
import { indexForCorpus } from '../playground/index-for-corpus.js';

/** What every failure link of one report shares: the served index and the gold set to mark. */
export interface LinkContext {
  index?: string;
  /** The report's qrels as a path inside the corpora root, when it is inside. */
  qrels?: string;
}

export function linkContext(
  report: ExperimentReport,
  indexes: IndexRegistry,
  corporaRoot: string,
  chunker?: string,
): LinkContext {
  const ctx: LinkContext = {};
  const index = indexForCorpus(indexes, report.config.corpus, chunker);
  if (index) ctx.index = index;
  const qrels = relativeInside(corporaRoot, goldPaths(report.config).qrels);
  if (qrels) ctx.qrels = qrels;
  return ctx;
}

/**
 * The playground URL that replays a missed query: its text and id, the report's gold set (so the
 * gold documents show as relevant), the configuration's retriever settings, and k deep enough to
 * show where the first relevant document did turn up.
 */
export function failureUrl(report: ExperimentReport, config: ConfigResult, failure: Failure, ctx: LinkContext): string {
  const r = config.retriever;
  // A pipeline of legs has no playground column; its first lexical leg's engine is the closest.
  const lexical = config.pipeline?.legs.find((leg) => leg.type === 'lexical');
  const engine = typeof r.engine === 'string' ? r.engine : lexical?.type === 'lexical' ? lexical.engine : undefined;
  const k = Math.min(100, Math.max(report.contextK, failure.firstRelevantRank ?? report.contextK, 10));
  const form: Partial<PlaygroundForm> = {
    q: failure.query,
    qid: failure.queryId,
    level: report.level,
    k: String(k),
    ...(engine && { engine }),
    ...(ctx.index && { index: ctx.index }),
    ...(ctx.qrels && { qrels: ctx.qrels }),
    ...(r.k1 !== undefined && { k1: String(r.k1) }),
    ...(r.b !== undefined && { b: String(r.b) }),
    ...(typeof r.fusion === 'string' && { fusion: r.fusion }),
    ...(r.rrf_k !== undefined && { rrf_k: String(r.rrf_k) }),
    ...(r.weights !== undefined && { weights: Array.isArray(r.weights) ? r.weights.join(',') : String(r.weights) }),
    ...(r.depth !== undefined && { depth: String(r.depth) }),
    ...(r.alpha !== undefined && { alpha: String(r.alpha) }),
    ...(typeof r.norm === 'string' && r.norm && { norm: r.norm }),
  };
  return playgroundUrl(form);
}

/** `file` relative to `root` (forward slashes), or undefined when it is not inside it. */
function relativeInside(root: string, file: string): string | undefined {
  let base: string;
  let target: string;
  try {
    base = fs.realpathSync(root);
    target = fs.realpathSync(file);
  } catch {
    return undefined;
  }
  const rel = path.relative(base, target);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  return rel.split(path.sep).join('/');
}
