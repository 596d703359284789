import { InputError } from '../../errors.js';

/**
 * Splits queries into `folds` folds: a seeded Fisher–Yates shuffle (for i = n-1 .. 1, swap i
 * with a uniform j in 0..i), then query i of the shuffled order goes to fold i mod folds, so
 * fold sizes differ by at most one. `randomIndex(n)` returns a uniform integer in [0, n); with
 * the same generator state the folds are the same on every machine. Each fold keeps its queries
 * in the order they were given.
 */
export function assignFolds(queries: readonly string[], folds: number, randomIndex: (n: number) => number): string[][] {
  if (!Number.isSafeInteger(folds) || folds < 2)
    throw new InputError(`cross-validation needs at least 2 folds, got ${folds}`);
  if (folds > queries.length)
    throw new InputError(`${folds} folds need at least ${folds} queries, got ${queries.length}`);
  const order = queries.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const foldOf = new Array<number>(queries.length);
  order.forEach((q, position) => (foldOf[q] = position % folds));
  return Array.from({ length: folds }, (_, f) => queries.filter((_, q) => foldOf[q] === f));
}
