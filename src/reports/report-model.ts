import type { ExperimentConfig, IndexSpec, RetrieverConfig } from './experiment-config.js';
import type { FailedQuery } from '../search/failed-query.js';
import type { LegType } from '../legs/registry.js';
import type { SelectRule } from '../fusion/tune/select-setting.js';
import type { Pipeline } from '../pipeline/resolve-pipeline.js';
import type { PairComparison, PairwiseTest } from '../stats/all-pairs.js';
import type { Correction } from '../stats/multiple-comparisons.js';
import type { IndexFingerprint } from '../store/index-fingerprint.js';
import type { ClickLog, SourceMix } from '../metrics/source-mix.js';

/** What a retriever is, for the report: one leg of a type (lexical, dense, run file, remote engine), or several fused. */
export type RetrieverKind = LegType | 'fused';

/**
 * For a hybrid's first hits: how many each leg led (experiments/led-by.ts). Kept as
 * bm25/dense/both so saved reports still parse; `both` now means a tie, not "in both lists".
 */
export interface Carried {
  bm25: number;
  dense: number;
  both: number;
}

/** Where the first relevant document of a missed query was, in the deep list. */
export type MissBucket = 'rerank-window' | 'deep' | 'not-retrieved';

/** Why a query missed, as far as the testbed can tell without a model. */
export type MissCause = 'chunk-boundary' | 'exact-token' | 'vocabulary-mismatch' | 'ranked-too-low';

export interface Failure {
  queryId: string;
  query: string;
  tags: Record<string, string>;
  gold: { id: string; grade: number }[];
  /** 1-based rank of the first relevant document in the deep list, or null. */
  firstRelevantRank: number | null;
  bucket: MissBucket;
  /** Which single retriever of the same index finds a relevant document within context_k. */
  foundBy: 'lexical only' | 'dense only' | 'both' | 'neither' | 'n/a';
  cause: MissCause;
  /** Answer strings that some gold document contains but none of its chunks does. */
  answersAcrossChunks: string[];
}

/**
 * A configuration against the baseline on one metric. The interval is the pair's own; p,
 * adjustedP and significant are the pair's from the report's all-pairs tests (allPairs).
 */
export interface SignificanceResult {
  /** mean(configuration) − mean(baseline), paired by query. */
  meanDiff: number;
  /** 95% bootstrap interval of the mean per-query difference. */
  ci: [number, number];
  /**
   * The pair's raw p from its test. Absent when the pair was not tested: a configuration with
   * failed queries takes no part in the all-pairs tests (its means are over fewer queries).
   */
  p?: number;
  /** p adjusted for the metric's family of pairs. Absent when untested, and in reports saved before all-pairs tests. */
  adjustedP?: number;
  /** adjustedP < alpha (in reports saved before all-pairs tests: raw p < 0.05). */
  significant: boolean;
}

/**
 * Every pair of configurations tested on each of the report's metrics (stats/all-pairs.ts):
 * each metric's k(k − 1)/2 pairs are one family, corrected on its own.
 */
export interface AllPairsTests {
  test: PairwiseTest;
  /** `none` with Tukey's HSD, which needs no correction. */
  correction: Correction;
  alpha: number;
  /** Sign patterns the randomization test draws past EXACT_MAX_QUERIES queries, and their seed. */
  trials: number;
  seed: number;
  /** The answerable queries, every test paired over them. */
  queries: number;
  /** The configurations compared, in report order: every one scored over all queries (none with failed queries). */
  configs: string[];
  /** Per metric label, its pairs in compareAllPairs order: (1st, 2nd), (1st, 3rd), ..., (2nd, 3rd), ... */
  pairs: Record<string, PairComparison[]>;
}

export interface ConfigResult {
  name: string;
  /** As the config wrote it (a shorthand or legs). */
  retriever: RetrieverConfig;
  /** Absent in reports saved before pipelines: read it with configKind. */
  kind?: RetrieverKind;
  /** The pipeline that ran, every default filled in (absent in reports saved before pipelines). */
  pipeline?: Pipeline;
  index: IndexSpec & {
    embedderId: string | null;
    sizeBytes: number;
    buildSeconds: number;
    reused: boolean;
    chunks: number;
    truncatedChunks: number;
    /**
     * What the measured index was built from (store/index-fingerprint.ts): a link to a miss opens
     * only an index with the same fingerprint. Absent in reports saved before it was recorded.
     */
    fingerprint?: IndexFingerprint;
    /**
     * The measured index in the experiment's index cache, relative to the cache dir
     * (`indexes/<key>.sqlite`, experiments/index-cache.ts). Absent in reports saved before it was recorded.
     */
    cacheFile?: string;
  };
  latency: { p50: number; p95: number };
  /** Mean over answerable queries, per metric label. */
  means: Record<string, number>;
  perQuery: Record<string, Record<string, number>>;
  slices: { label: string; n: number; means: Record<string, number> }[];
  /**
   * Per slice ('all' first): share of queries with no hit at all, and for hybrids the share of
   * the first context_k hits each leg ranked higher (`both`: equal ranks; see ledBy).
   */
  legs: { label: string; zeroHit: number; carried?: Carried }[];
  /** Against the baseline configuration, per metric (absent for the baseline itself). */
  significance?: Record<string, SignificanceResult>;
  /** For hybrids: the best non-hybrid configuration on the same index, by the primary metric. */
  bestSingle?: { name: string; means: Record<string, number> };
  failures: Failure[];
  /**
   * Answerable queries a remote leg failed for (search/failed-query.ts): left out of every mean,
   * slice and test of this configuration, which is scored over the `scored` others. Absent when
   * none failed. A failed query without relevant documents is not counted: no configuration
   * scores it, so its failure changes nothing compared.
   */
  failedQueries?: { count: number; scored: number; first: FailedQuery[] };
  /** The remote endpoints the configuration's legs called, as METHOD URL (no credentials, never a header). */
  endpoints?: RemoteEndpoint[];
  resumed: boolean;
  /** Tuned configurations only. */
  tuning?: Tuning;
  /** One remote knn / Qdrant leg only: its ANN results against our exact scan (experiments/ann-recall.ts). */
  annRecall?: AnnRecall;
  /** Configurations with a rerank stage: the first stage's figures, before the rerank. */
  firstStage?: FirstStage;
  /**
   * judged@k at k = JUDGED_K, the mean over the scored queries of the share of the top k that
   * the qrels judge (metrics/judged.ts): how much of the scores rests on judged documents.
   * Absent in reports saved before it was recorded.
   */
  judged?: { k: number; mean: number };
  /**
   * When the query set mixes real and synthetic queries: the means over the real ones alone,
   * which the report leads with (bold, best, verdict, CLI summary), the pooled `means` beside them.
   */
  real?: { n: number; means: Record<string, number> };
  /**
   * The judgements its top JUDGED_K documents rest on: the share judged from each source
   * (published, human, tickets, llm, clicks) and unjudged (metrics/source-mix.ts). Absent in
   * reports saved before sources were recorded.
   */
  sources?: SourceMix;
}

/** The cutoff every report shows judged@k at, and compares the configurations on. */
export const JUDGED_K = 10;

/** How far apart two configurations' judged@JUDGED_K may be before the report warns their comparison leans on the pool. */
export const JUDGED_SPREAD_WARNING = 0.1;

/** An ANN search's recall (a cluster's, or our own HNSW graph's) against our exact dense scan of the same vectors, at the experiment's ks. */
export interface AnnRecall {
  leg: string;
  engine: string;
  /** METHOD URL, no credentials; for a leg searched here, its ANN settings (`usearch HNSW M=16 ...`). */
  endpoint: string;
  /** Queries with a non-empty exact top k. */
  queries: number;
  level: 'doc' | 'chunk';
  /** `ann_recall@k` -> mean over queries of |remote top k ∩ exact top k| / |exact top k|. */
  values: Record<string, number>;
}

/**
 * What a configuration's first stage found before its rerank stage rescored it: recall and hit
 * at the rerank depth (the reranker cannot lift a document the first stage did not hand it) and
 * the headline metrics of the first-stage ranking, overall and per slice, labelled
 * `first_stage.<metric>` (e.g. `first_stage.recall@100`). The configuration's own means are
 * after the rerank.
 */
export interface FirstStage {
  reranker: string;
  depth: number;
  /** Over the answerable queries, by `first_stage.` label. */
  means: Record<string, number>;
  /** The configuration's slices, same order and labels. */
  slices: { label: string; n: number; means: Record<string, number> }[];
}

/** An interval: its point estimate and 95% bounds. */
export interface Estimate {
  mean: number;
  low: number;
  high: number;
}

/** How a tuned configuration (a `tune:` block) was chosen, fold by fold, and what it gained held out. */
export interface Tuning {
  legs: string[];
  metric: string;
  folds: number;
  seed: number;
  settingsSearched: number;
  /** The cross-validated run's mean: each query ranked with a setting chosen on the other folds. */
  heldOut: Estimate;
  perFold: { queries: number; setting: string; trainMean: number; heldOutMean: number }[];
  /** How each training split chose (`testbed tune --select`). */
  select: SelectRule;
  /**
   * The better leg alone, the tuned run minus it per query (bootstrap interval) and the paired
   * randomization test's two-sided p.
   */
  bestLeg: { name: string; mean: number; diff: Estimate; p: number };
  /** The outcome in one sentence, as `testbed tune` prints it (tuneVerdict). */
  verdict: string;
  /**
   * The setting to deploy, chosen by the same rule on all judged queries, and the `testbed fuse`
   * flags that rank like it (absent for a leg alone: its run is used as it is).
   */
  deploy: { setting: string; fuseFlags?: string };
  /** Untuned RRF (k 60, equal weights) of the same legs, and the tuned run minus it. */
  untunedRrf: { mean: number; diff: Estimate };
}

export interface CheckResult {
  description: string;
  passed: boolean;
  detail: string;
}

export interface ExperimentReport {
  name: string;
  description?: string;
  createdAt: string;
  testbedVersion: string;
  config: ExperimentConfig;
  level: 'doc' | 'chunk';
  queries: { total: number; answerable: number; unanswerable: string[] };
  /** Metric labels in table order; the first is the primary metric. */
  metrics: string[];
  /** recall@k / hit@k for every k of the config, for the recall curves. */
  curveKs: number[];
  contextK: number;
  rerankDepth: number;
  /** How far down each configuration retrieved; a miss with no relevant document there is "not retrieved". Absent in reports saved before it was recorded. */
  retrievalDepth?: number;
  baseline: string;
  sliceFields: string[];
  configs: ConfigResult[];
  /**
   * Every pair of configurations on each metric. Absent when fewer than two configurations were
   * scored over all queries, and in reports saved before all-pairs tests.
   */
  allPairs?: AllPairsTests;
  /** Real vs synthetic queries per configuration, when `source` tags exist. */
  sourceGap?: {
    config: string;
    metric: string;
    real: { mean: number; n: number };
    synthetic: { mean: number; n: number };
    gap: number;
  }[];
  /**
   * How much each `source` of queries (real, synthetic, tickets, ...) shares its words with its
   * relevant documents, when any query has a `source` tag (experiments/overlap.ts). Absent in
   * reports saved before it was measured.
   */
  overlapBySource?: OverlapBySource;
  /**
   * When some judgements come from clicks: the pipelines that served the log (their mean share of
   * the judged pairs' impressions) and the configurations that run the most-served one, which
   * those judgements favour: they judge only what it showed.
   */
  clickLog?: ClickLog & { favoured: string[] };
  /**
   * In a query set that holds synthetic queries, the answerable queries with no `source` tag:
   * neither real nor synthetic, so they are left out of the real figures. Published queries
   * usually are: tag them `source: real`.
   */
  untaggedSources?: { count: number; first: string[] };
  checks: CheckResult[];
  wallSeconds: number;
  /**
   * Each answerable query's text and slice values (experiments/query-details.ts), for the per-query
   * views: per-query.csv's slice columns, the report's queries page, `testbed diff`. Absent in
   * reports saved before it was recorded.
   */
  queryDetails?: Record<string, QueryDetail>;
}

/** One query as the per-query views show it: its text and, per slice field, the slice values it is in. */
export interface QueryDetail {
  text: string;
  /** Slice field -> the query's values (one, or several for a list; `(none)` when it has none). */
  slices: Record<string, string[]>;
}

/** Lexical overlap per value of the queries' `source` metadata. */
export interface OverlapBySource {
  /** The tokenizer of the index whose analysis counted the terms. */
  tokenizer: string;
  /** One row per source value, larger groups first; `(none)` for queries without the tag. */
  sources: {
    source: string;
    /** Answerable queries with at least one term after analysis: those averaged. */
    queries: number;
    /** Mean over them of the share of a query's terms found in its relevant documents. */
    meanOverlap: number;
    /** Answerable queries with no term left after analysis (all stop words), not averaged. */
    withoutTerms: number;
  }[];
  /**
   * The same per source and `style` (how a generated question was asked for: plain, unread, ...),
   * when any query has a style: one style of generated questions may flatter where another does
   * not, and pooled they would be called flattering together. Absent in older reports.
   */
  styles?: { source: string; style: string; queries: number; meanOverlap: number; withoutTerms: number }[];
}

/** How many failed queries a report lists with their messages (the count covers them all). */
export const FAILED_QUERIES_LISTED = 20;

const KIND_OF_MODE: Record<string, RetrieverKind> = { bm25: 'lexical', dense: 'dense', hybrid: 'fused' };

/** What a configuration's retriever is; reports saved before pipelines name only the mode. */
export function configKind(c: Pick<ConfigResult, 'kind' | 'retriever'>): RetrieverKind | undefined {
  return c.kind ?? KIND_OF_MODE[String(c.retriever.mode)];
}

/** One remote endpoint a configuration called: by a leg (its name) or its http reranker (`reranker "NAME"`). */
export interface RemoteEndpoint {
  leg: string;
  /** METHOD URL, without credentials or key-like query values. */
  endpoint: string;
  /** The caller skipped verifying the server's TLS certificate (`insecure: true`). */
  insecure?: true;
}
