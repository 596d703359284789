import { median } from './stats-extra.js';

/**
 * The machine's memory bandwidth as Node sees it, measured on arrays far larger than any cache:
 * - copy: `dst.set(src)` (a memcpy), counted as STREAM counts it, bytes read + bytes written;
 * - sum: a JavaScript loop summing a Float32Array with 4 accumulators, bytes read: the fastest
 *   a plain JS loop streams floats, which bounds any JS scan kernel from above.
 * Medians of `repeats` passes after one warm-up pass, in GB/s (10^9 bytes per second).
 */
export function measureBandwidth(bytes: number, repeats = 7): { copyGBs: number; sumGBs: number } {
  const n = Math.floor(bytes / 4);
  const src = new Float32Array(n);
  for (let i = 0; i < n; i++) src[i] = (i % 1024) / 1024;
  const dst = new Float32Array(n);
  const time = (f: () => void) => {
    f();
    const ms: number[] = [];
    for (let r = 0; r < repeats; r++) {
      const t0 = performance.now();
      f();
      ms.push(performance.now() - t0);
    }
    return median(ms);
  };
  const copyMs = time(() => dst.set(src));
  let sink = 0;
  const sumMs = time(() => (sink += sum4(src)));
  if (sink === -1) console.log(''); // keeps the sums observable
  return { copyGBs: (2 * n * 4) / (copyMs * 1e6), sumGBs: (n * 4) / (sumMs * 1e6) };
}

function sum4(a: Float32Array): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  const n = a.length - (a.length % 4);
  for (let i = 0; i < n; i += 4) {
    s0 += a[i]!;
    s1 += a[i + 1]!;
    s2 += a[i + 2]!;
    s3 += a[i + 3]!;
  }
  for (let i = n; i < a.length; i++) s0 += a[i]!;
  return s0 + s1 + s2 + s3;
}
