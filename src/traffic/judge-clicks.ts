import fs from 'node:fs';
import path from 'node:path';
import { clickJudgements, type ClickOptions, type PositionCtr } from './click-models.js';
import type { PositionCurve } from './examination-curve.js';
import type { DroppedCount, Traffic } from './types.js';
import { writeClickQrels } from './write-click-qrels.js';

/** What `testbed gold from-clicks` (and POST /traffic/judgements) did, for its summary. */
export interface ClickQrelsSummary {
  qrels: string;
  sources: string;
  model: ClickOptions['model'];
  minImpressions: number;
  maxRank: number;
  thresholds: number[];
  searches: number;
  clicks: number;
  queriesKept: number;
  pairsKept: number;
  pairsBelowMinImpressions: number;
  /** Pairs kept per grade, 0 first. */
  grades: number[];
  ctrCurve: PositionCtr[];
  /** The examination curve the scores used (coec and pbm), named by how it was estimated. */
  positionCurve: PositionCurve;
  /** Records the readers left out and clicks the model could not use, by reason. */
  dropped: DroppedCount[];
  /** With a query set: its size, and how many of its queries got at least one judgement. */
  querySet?: { queries: number; judged: number; pairsOutside: number };
}

/** Options of judgeClicks: the click model's, and the query set the judgements are for. */
export interface JudgeClicksOptions extends ClickOptions {
  /**
   * The ids of the query set these judgements are for (its queries.jsonl): pairs of other queries
   * are left out and counted, since an experiment refuses qrels that name queries it lacks.
   */
  queryIds?: ReadonlySet<string>;
}

/**
 * Click judgements from a log written as a BEIR qrels file (`qrelsFile`, its folder created) with
 * its `.sources.jsonl` sidecar; query ids are the log query keys `testbed queries sample` writes,
 * so the two files make a gold set together.
 */
export function judgeClicks(traffic: Traffic, qrelsFile: string, options: JudgeClicksOptions): ClickQrelsSummary {
  const { queryIds, ...clickOptions } = options;
  const all = clickJudgements(traffic, clickOptions);
  const result = queryIds ? { ...all, judgements: all.judgements.filter((j) => queryIds.has(j.queryKey)) } : all;
  fs.mkdirSync(path.dirname(qrelsFile), { recursive: true });
  const written = writeClickQrels(qrelsFile, result);
  const grades: number[] = Array.from({ length: result.thresholds.length + 1 }, () => 0);
  for (const j of result.judgements) grades[j.grade] = (grades[j.grade] ?? 0) + 1;
  return {
    ...written,
    model: result.model,
    minImpressions: result.minImpressions,
    maxRank: result.maxRank,
    thresholds: result.thresholds,
    searches: result.counts.searches,
    clicks: result.counts.clicks,
    queriesKept: new Set(result.judgements.map((j) => j.queryKey)).size,
    pairsKept: result.judgements.length,
    pairsBelowMinImpressions: result.counts.pairsBelowMinImpressions,
    grades,
    ctrCurve: result.ctrCurve,
    positionCurve: result.positionCurve,
    dropped: [...traffic.dropped, ...result.counts.ignored],
    ...(queryIds && {
      querySet: {
        queries: queryIds.size,
        judged: new Set(result.judgements.map((j) => j.queryKey)).size,
        pairsOutside: all.judgements.length - result.judgements.length,
      },
    }),
  };
}
