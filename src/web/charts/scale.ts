/** A map from data values to pixel positions, with the values worth a tick mark. */
export interface Scale {
  (value: number): number;
  readonly domain: readonly [number, number];
  readonly range: readonly [number, number];
}

/** Linear map from `domain` to `range`; a zero-width domain maps everything to the middle. */
export function linearScale(domain: readonly [number, number], range: readonly [number, number]): Scale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0;
  const scale = (v: number) => (span === 0 ? (r0 + r1) / 2 : r0 + ((v - d0) / span) * (r1 - r0));
  return Object.assign(scale, { domain: [d0, d1] as const, range: [r0, r1] as const });
}

/**
 * Log-10 map, for k from 1 to 1000 or latencies from 0.1 to 100 ms, where equal ratios deserve
 * equal distances. Both ends must be positive.
 */
export function logScale(domain: readonly [number, number], range: readonly [number, number]): Scale {
  if (!(domain[0] > 0 && domain[1] > 0))
    throw new RangeError(`a log scale needs a positive domain, got [${domain.join(', ')}]`);
  const inner = linearScale([Math.log10(domain[0]), Math.log10(domain[1])], range);
  return Object.assign((v: number) => inner(Math.log10(v)), {
    domain: [domain[0], domain[1]] as const,
    range: inner.range,
  });
}

/** About `count` round ticks (1, 2 or 5 times a power of ten apart) covering [min, max]. */
export function linearTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (min === max) return [min];
  const raw = (max - min) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const ticks: number[] = [];
  for (let t = Math.ceil(min / step) * step; t <= max + step * 1e-9; t += step) ticks.push(Number(t.toPrecision(12)));
  return ticks;
}

/** Ticks for a log axis: the powers of ten inside [min, max], with 2 and 5 multiples when that gives too few. */
export function logTicks(min: number, max: number): number[] {
  if (!(min > 0 && max > 0) || min > max) return [];
  const decades: number[] = [];
  for (let e = Math.floor(Math.log10(min)); e <= Math.ceil(Math.log10(max)); e++) decades.push(10 ** e);
  const within = (t: number) => t >= min * (1 - 1e-9) && t <= max * (1 + 1e-9);
  const powers = decades.filter(within);
  if (powers.length >= 3) return powers;
  return decades
    .flatMap((d) => [d, 2 * d, 5 * d])
    .filter(within)
    .map((t) => Number(t.toPrecision(12)));
}

/** The smallest and largest finite value, or undefined when there is none. */
export function extent(values: Iterable<number | undefined>): [number, number] | undefined {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v === undefined || !Number.isFinite(v)) continue;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  return lo <= hi ? [lo, hi] : undefined;
}

/** Short tick labels: 1000 -> "1000", 0.25 -> "0.25", 0.0001 -> "1e-4". */
export function tickLabel(v: number): string {
  if (v === 0) return '0';
  if (Math.abs(v) < 0.001) return v.toExponential(0);
  return String(Number(v.toPrecision(3)));
}
