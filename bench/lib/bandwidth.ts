/**
 * The machine's memory bandwidth as Node sees it, on arrays far larger than any cache:
 * - copy: `dst.set(src)` (a memcpy), counted as STREAM counts it, bytes read + bytes written;
 * - sum: a JavaScript loop summing a Float32Array with 4 accumulators, bytes read: the fastest
 *   a plain JS loop streams floats, which bounds any JS scan kernel from above.
 * A probe times one pass of each on demand, so a bench can interleave it with the kernels it
 * compares (on a shared machine, a ratio of two timings taken seconds apart means little).
 */
export interface BandwidthProbe {
  /** Bytes of the source array. */
  bytes: number;
  /** One copy pass; returns its time in ms. */
  copy(): number;
  /** One sum pass; returns its time in ms. */
  sum(): number;
}

export function createBandwidthProbe(bytes: number): BandwidthProbe {
  const n = Math.floor(bytes / 4);
  const src = new Float32Array(n);
  for (let i = 0; i < n; i++) src[i] = (i % 1024) / 1024;
  const dst = new Float32Array(n);
  let sink = 0;
  const timed = (f: () => void) => {
    const t0 = performance.now();
    f();
    return performance.now() - t0;
  };
  const probe = {
    bytes: n * 4,
    copy: () => timed(() => dst.set(src)),
    sum: () =>
      timed(() => {
        sink += sum4(src);
      }),
  };
  probe.copy();
  probe.sum();
  if (sink === -1) console.log('');
  return probe;
}

/** GB/s (10^9 bytes/s) of a copy pass (read + write counted) and of a sum pass. */
export const copyGBs = (bytes: number, ms: number) => (2 * bytes) / (ms * 1e6);
export const sumGBs = (bytes: number, ms: number) => bytes / (ms * 1e6);

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
