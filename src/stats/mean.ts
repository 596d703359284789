/**
 * The arithmetic mean, summed left to right (NaN for no values): the one summation order every
 * statistic here uses, so a mean printed by one command equals the same mean in another to the
 * last bit.
 */
export function mean(xs: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < xs.length; i++) total += xs[i]!;
  return total / xs.length;
}
