import type { FusionOptions } from '../fusion/options.js';
import type { WinkBM25Params } from '../retrievers/wink-bm25.js';
import type { Level, Sources } from '../retrievers/types.js';

export const MODES = ['bm25', 'dense', 'hybrid'] as const;

/**
 * Most hits one search returns, on the CLI and over HTTP alike: TREC runs go 1000 deep, and
 * deeper lists cost hydration and transfer for metrics that stop long before.
 */
export const MAX_K = 1000;
export type Mode = (typeof MODES)[number];

/** The lexical engine behind `bm25` (and the lexical leg of `hybrid`). */
export const ENGINES = ['fts5', 'wink'] as const;
export type Engine = (typeof ENGINES)[number];

/**
 * The lexical engine when none is named. FTS5's bm25() fixes k1 1.2 and b 0.75; wink takes
 * Anserini's k1 0.9 and b 0.4, so over the same analysis it reproduces the BM25 papers compare
 * against (BENCHMARKS.md, "BM25 against the reference").
 */
export const DEFAULT_ENGINE: Engine = 'wink';

export interface SearchRequest {
  mode: Mode;
  query: string;
  k: number;
  level: Level;
  engine: Engine;
  fusion: FusionOptions;
  wink?: WinkBM25Params;
  /** Only chunks in this language (`lang=de`). */
  lang?: string;
  /** The query's language; detected when absent (multilingual indexes). */
  queryLang?: string;
}

/** One hit as the HTTP API and `testbed search --json` return it. */
export interface HitView {
  rank: number;
  id: string;
  doc_id: string;
  score: number;
  title: string;
  text: string;
  start: number;
  end: number;
  sources?: Sources;
}

export interface SearchResponse {
  index: string;
  mode: Mode;
  /** The query, under the name the request gives it. */
  q: string;
  k: number;
  level: Level;
  took_ms: Record<string, number>;
  hits: HitView[];
}
