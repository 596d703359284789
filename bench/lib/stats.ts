import { percentile } from '../../src/experiments/latency.js';

export { percentile };

export const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/** p50/p95/p99 with the same nearest-rank percentile the experiment reports use. */
export function latencySummary(ms: number[]): { p50: number; p95: number; p99: number } {
  const s = [...ms].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99) };
}
