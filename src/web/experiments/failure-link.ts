import fs from 'node:fs';
import path from 'node:path';
import type { IndexRegistry } from '../../serving/catalog/index-registry.js';
import { goldPaths } from '../../experiments/config.js';
import { lexicalEngine } from '../../legs/leg-traits.js';
import type { ConfigResult, ExperimentReport, Failure } from '../../reports/report-model.js';
import { playgroundUrl, type PlaygroundForm } from '../playground/form.js';
import { type MeasuredIndex, measuredIndexFor } from './measured-index.js';

/** Where one failure link goes: the index to open (the one measured) and the gold set to mark. */
export interface FailureTarget {
  index?: string;
  /** The report's qrels as a path inside the corpora root, when it is inside. */
  qrels?: string;
}

/** What a report page's failure links share (the gold set), and where each configuration's go. */
export interface LinkContext {
  qrels?: string;
  /**
   * Per configuration name, the index its misses open, or why there is none (measured-index.ts).
   * A configuration missing here gets no links: no index is guessed for it.
   */
  measured?: Record<string, MeasuredIndex>;
}

/**
 * The links of a report's misses: each configuration's open the index it measured, found by
 * fingerprint among the served indexes or in the server's experiment cache (measuredIndexFor).
 */
export function reportLinks(
  reportId: string,
  report: ExperimentReport,
  sources: { indexes: IndexRegistry; corporaRoot: string; cacheDir: string },
): LinkContext {
  const measured = Object.fromEntries(
    report.configs.map((c) => [c.name, measuredIndexFor(reportId, c, sources.indexes, sources.cacheDir)]),
  );
  const qrels = relativeInside(sources.corporaRoot, goldPaths(report.config).qrels);
  return { measured, ...(qrels && { qrels }) };
}

/** One configuration's link context, or undefined when the index it measured is not available. */
export function failureTarget(links: LinkContext, config: ConfigResult): FailureTarget | undefined {
  const m = links.measured?.[config.name];
  if (!m || m.kind === 'unavailable') return undefined;
  return { index: m.index, ...(links.qrels && { qrels: links.qrels }) };
}

/**
 * The playground URL that replays a missed query: its text and id, the report's gold set (so the
 * gold documents show as relevant), the configuration's retriever settings, and k deep enough to
 * show where the first relevant document did turn up.
 */
export function failureUrl(
  report: ExperimentReport,
  config: ConfigResult,
  failure: Failure,
  ctx: FailureTarget,
): string {
  const r = config.retriever;
  // A pipeline of legs has no playground column; the engine its first lexical leg's terms follow is the closest.
  const engine =
    typeof r.engine === 'string' ? r.engine : config.pipeline?.legs.map(lexicalEngine).find((e) => e !== undefined);
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
