/**
 * Formats a metric value as trec_eval prints it (`%6.4f`), so the two outputs can be diffed.
 *
 * C's printf rounds an exact tie to even; JavaScript's toFixed rounds it up. A double lies
 * exactly halfway between two 4-decimal numbers only when it is an odd multiple of 1/32
 * (x = (2n+1)/20000 must be a binary fraction, so 5^4 divides 2n+1), e.g. a mean of 1/32 =
 * 0.03125: trec_eval prints 0.0312 where toFixed gives 0.0313. Those ties are rounded to even.
 */
export function formatValue(x: number): string {
  const thirtySeconds = x * 32; // exact: scaling by a power of two loses nothing
  if (Number.isInteger(thirtySeconds) && thirtySeconds % 2 !== 0) {
    const below = (Math.abs(thirtySeconds) * 625 - 1) / 2; // x·10^4 = below + 1/2
    const even = below % 2 === 0 ? below : below + 1;
    return (x < 0 ? '-' : '') + (even / 10_000).toFixed(4);
  }
  return x.toFixed(4);
}
