/** One document of a ranked list: its id and the score the list gave it (higher is better). */
export interface ScoredId {
  id: string;
  score: number;
}

/**
 * One input of N-leg fusion: a named list, best first. Its position is its rank (the first item
 * is rank 1), and its scores must not increase down the list; ids are unique within a list.
 */
export interface RankedList {
  name: string;
  items: readonly ScoredId[];
}

/**
 * A list as a fusion method sees it: weight > 0 (lists weighted 0 are dropped before), ids in
 * rank order, and the scores the method reads (normalised ones for the score methods, raw ones
 * otherwise), index for index. Not a pipeline's leg (legs/registry.ts `Leg`, a retriever's
 * description): the ranked output of one, ready to fuse.
 */
export interface RankedLeg {
  name: string;
  weight: number;
  ids: readonly string[];
  scores: readonly number[];
}
