import { DEFAULT_SEED } from '../../stats/prng.js';
import { parseMetric, type ParsedMetric } from '../../metrics/index.js';
import { DEFAULT_FUSED_K } from '../fuse-runs.js';
import type { SelectRule } from './select-setting.js';
import { DEFAULT_GRID, type GridSpec } from './settings-grid.js';

/** How to tune, as callers give it: every field may be left out (TUNE_DEFAULTS, DEFAULT_GRID). */
export interface TuneOptions {
  /** The metric tuned and reported. */
  metric?: ParsedMetric;
  /** The settings searched; a part left out comes from DEFAULT_GRID. */
  grid?: Partial<GridSpec>;
  /** Number of folds, 2 up to the number of judged queries. */
  folds?: number;
  /** Seeds the fold shuffle and the bootstrap, so a report reproduces. */
  seed?: number;
  /** Each leg is cut to its first `depth` documents per query before fusing (undefined: all). */
  depth?: number;
  /** Fused documents kept per query. */
  k?: number;
  /** How each training split chooses: the one-standard-error rule or the highest mean (selectSetting). */
  select?: SelectRule;
}

/** TuneOptions with every default filled in. */
export interface CompleteTuneOptions {
  metric: ParsedMetric;
  grid: GridSpec;
  folds: number;
  seed: number;
  depth: number | undefined;
  k: number;
  select: SelectRule;
}

/** The one place the tuner's defaults live; `testbed tune --help` prints these. */
export const TUNE_DEFAULTS = Object.freeze({
  metric: 'ndcg@10',
  folds: 5,
  seed: DEFAULT_SEED,
  k: DEFAULT_FUSED_K,
  select: 'one-se-paired' as SelectRule,
});

export function completeTuneOptions(o: TuneOptions): CompleteTuneOptions {
  return {
    metric: o.metric ?? parseMetric(TUNE_DEFAULTS.metric),
    grid: { ...DEFAULT_GRID, ...o.grid },
    folds: o.folds ?? TUNE_DEFAULTS.folds,
    seed: o.seed ?? TUNE_DEFAULTS.seed,
    depth: o.depth,
    k: o.k ?? TUNE_DEFAULTS.k,
    select: o.select ?? TUNE_DEFAULTS.select,
  };
}
