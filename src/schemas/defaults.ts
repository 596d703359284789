import { MAX_FAIL_WINDOW } from '../remote/circuit-breaker.js';
import type { Engine, Level } from './names.js';

/**
 * One default per parameter, in one place: the CLI, HTTP, experiment YAML, the playground and
 * the OpenAPI document read them from here (through the spec's zod defaults).
 */

/**
 * Most hits one search returns, on the CLI and over HTTP alike: TREC runs go 1000 deep, and
 * deeper lists cost hydration and transfer for metrics that stop long before.
 */
export const MAX_K = 1000;
/** Most hits one leg is asked for before fusing. */
export const MAX_DEPTH = 10_000;
/** Most legs one pipeline runs: more is a grid, not a pipeline. */
export const MAX_LEGS = 8;

export const DEFAULT_K = 10;
export const DEFAULT_LEVEL: Level = 'chunk';

/**
 * The lexical engine when none is named. FTS5's bm25() fixes k1 1.2 and b 0.75; postings (and
 * wink, its in-memory oracle) take Anserini's k1 0.9 and b 0.4, so over the same analysis they
 * reproduce the BM25 papers compare against (BENCHMARKS.md, "BM25 against the reference").
 * postings reads the postings stored in the index, so no process rebuilds an engine first.
 */
export const DEFAULT_ENGINE: Engine = 'postings';

/** Anserini's BM25 parameters (Lin et al., "Anserini", 2017): every BM25 here but FTS5's (bounds: bm25-params.ts). */
export const BM25_DEFAULTS = Object.freeze({ k1: 0.9, b: 0.4 });
/** What FTS5's bm25() uses, fixed (sqlite.org/fts5.html, "The bm25() function"). */
export const FTS5_BM25 = Object.freeze({ k1: 1.2, b: 0.75 });

/**
 * Fusion, when a pipeline has more than one leg: RRF needs no score calibration, k 60 is
 * Cormack, Clarke & Büttcher's constant (and ranx's), min-max is ranx's normalisation, and each
 * leg contributes its first 100 hits.
 */
export const FUSION_DEFAULTS = Object.freeze({
  method: 'rrf' as const,
  norm: 'minmax' as const,
  rrfK: 60,
  depth: 100,
  weight: 1,
});

/**
 * The rerank stage: a cross-encoder costs one model call per (query, passage), so 100 is deep
 * enough to lift what the first stage found into the top 10 and shallow enough for a CPU; pairs
 * go 16 to a model call. At most 1000 hits are rescored (MAX_K, a TREC run's depth).
 */
export const RERANK_DEFAULTS = Object.freeze({ depth: 100, batch: 16 });
export const MAX_RERANK_DEPTH = 1000;
export const MAX_RERANK_BATCH = 256;

/**
 * Bounds of a remote leg's call settings (their defaults are the client's, REMOTE_DEFAULTS in
 * remote/remote-client.ts): a request hung for minutes, dozens of retries or hundreds of sockets
 * would be a load test, not a measurement.
 */
export const REMOTE_LIMITS = Object.freeze({
  maxTimeoutMs: 600_000,
  maxRetries: 10,
  maxConcurrency: 64,
  maxFailAfter: 1000,
  maxFailWindow: MAX_FAIL_WINDOW,
});
