import type { FusionMethodName } from '../fusion/method-table.js';
import type { SelectRule } from '../fusion/tune/select-setting.js';
import type { RetrieverParamName } from '../pipeline/shorthand-rows.js';
import type { Level } from '../schemas/names.js';
import type { PairwiseTest } from '../stats/all-pairs.js';
import type { Correction } from '../stats/multiple-comparisons.js';

/**
 * An experiment config as the YAML parser returns it (experiments/config.ts: the zod schema,
 * its defaults and messages), in plain TypeScript so the report model (reports/report-model.ts)
 * can record it without importing the parser. The parser checks at compile time that its
 * schema produces exactly this type.
 */
export interface ExperimentConfig {
  name: string;
  description?: string;
  corpus: string;
  queries?: string;
  qrels?: string;
  level: Level;
  ks: number[];
  context_k: number;
  rerank_depth: number;
  metrics: string[];
  slices: string[];
  relevance_threshold: number;
  baseline?: string;
  seed: number;
  /** How the configurations are compared, every pair on each metric (experiments/all-pairs-tests.ts). */
  significance: SignificanceConfig;
  grid: {
    chunkers: string[];
    embedders: string[];
    tokenizers: string[];
    retrievers: RetrieverConfig[];
  };
  checks: CheckConfig[];
  tune: TuneConfig[];
  output?: string;
  /** Write `<output>/pool.tsv`, the depth-k pool of the configurations' runs (runs/pool.ts), for judging. */
  pool_depth?: number;
}

/**
 * The test every pair of configurations gets on each metric, the correction for the metric's
 * k(k − 1)/2 pairs (`none` with Tukey's HSD, which holds the family's error rate itself), and
 * the level an adjusted p must fall below.
 */
export interface SignificanceConfig {
  test: PairwiseTest;
  correction: Correction;
  alpha: number;
}

/** One retriever of the grid: its name, then a shorthand (`mode:` ...) or `legs:` (a pipeline). */
export type RetrieverConfig = { name: string; [key: string]: unknown } & RetrieverFields;

/**
 * The fields a report reads back (the playground link of a miss): `mode` and the flat parameters
 * a retriever may give (pipeline/shorthand-rows.ts), or `legs` (a pipeline). They are as the YAML
 * wrote them (a number or its string, a list or "1,0.5"), the parser having checked them.
 */
export type RetrieverFields = { mode?: string; legs?: unknown[] } & { [N in RetrieverParamName]?: unknown };

/** A CI assertion: an absolute threshold, or "no drop against a baseline file". */
export type CheckConfig =
  | { metric: string; min: number; slice?: string; config?: string }
  | { baseline_file: string; max_drop: number; metrics?: string[] };

/** A `tune:` block: the named configurations' runs fused with a setting chosen by cross-validation. */
export interface TuneConfig {
  name: string;
  legs: string[];
  folds: number;
  metric?: string;
  methods?: FusionMethodName[];
  /** How each training split chooses its setting, as `testbed tune --select` (default one-se-paired). */
  select?: SelectRule;
}

/** What an index is built from; indexes are shared by every retriever of the same spec. */
export interface IndexSpec {
  chunker: string;
  embedder: string;
  tokenizer: string;
}
