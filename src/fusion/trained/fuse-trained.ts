import { checkLists } from '../check-lists.js';
import { compareFused, completeOptions } from '../fuse-lists.js';
import { roundFusedScore } from '../fused-score.js';
import { fusionLegs } from '../fusion-legs.js';
import type { FusionMethodName } from '../method-table.js';
import { normRow } from '../norm-registry.js';
import type { NormName } from '../norm-table.js';
import type { RankedList, ScoredId } from '../ranked-list.js';
import type { TrainedMethod } from './trained-method.js';

/** How to fuse with a trained method: weights (1 each by default) and, for segfuse, the norm (min-max by default). */
export interface TrainedFuseOptions {
  weights?: readonly number[];
  norm?: NormName;
}

/**
 * Fuses one query's lists with a trained method and a model it was trained to, exactly as
 * fuseLists fuses with an untrained method: the lists checked (checkLists), the scores
 * normalised for a method that reads normalised scores (segfuse), the legs weighted > 0 in
 * byte order of their names (fusionLegs), each fused score rounded to 12 significant digits and
 * the documents ranked by it, then by id descending in byte order (compareFused). Bad weights
 * are refused as fuseLists refuses them; a leg the model has no entry for, by the method.
 */
export function fuseTrained<Model>(
  lists: readonly RankedList[],
  method: TrainedMethod<Model>,
  model: Model,
  options: TrainedFuseOptions = {},
): ScoredId[] {
  checkLists(lists);
  // completeOptions checks the weights and fills the defaults; the method name is only copied through.
  const o = completeOptions({ ...options, method: method.name as FusionMethodName }, lists.length);
  const norm = method.input === 'normalised scores' ? normRow(o.norm) : undefined;
  const fused = method.combine(model, fusionLegs(lists, o.weights, norm));
  return [...fused].map(([id, score]) => ({ id, score: roundFusedScore(score) })).sort(compareFused);
}
