/**
 * The closed sets of names a pipeline is spelled with. They live here, below every module that
 * implements them, so the spec can be validated (and documented) without loading an engine;
 * fusion/method-table.ts and fusion/norm-table.ts are typed against these lists, so a method
 * added in one place and not the other is a compile error.
 */

export const LEVELS = ['chunk', 'doc'] as const;
/** Results are either passages (chunks) or whole documents ranked by their best chunk. */
export type Level = (typeof LEVELS)[number];

/** Lexical engines: wink (k1, b settable) and SQLite FTS5's bm25() (k1 1.2, b 0.75 fixed). */
export const ENGINES = ['fts5', 'wink'] as const;
export type Engine = (typeof ENGINES)[number];

/** ranx's fusion methods (ranx.fuse), one file each under fusion/methods/. */
export const FUSION_METHOD_NAMES = [
  'rrf',
  'isr',
  'borda',
  'combsum',
  'combmnz',
  'combmax',
  'combmin',
  'combmed',
  'combanz',
  'wsum',
  'dbsf',
] as const;
export type FusionMethodName = (typeof FUSION_METHOD_NAMES)[number];

/** Score normalisations of the score methods (comb*, wsum), one file each under fusion/norms/. */
export const NORM_NAMES = ['minmax', 'zscore', 'max', 'sum', 'rank'] as const;
export type NormName = (typeof NORM_NAMES)[number];
