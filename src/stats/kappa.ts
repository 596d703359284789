import { InputError } from '../errors.js';

/**
 * How disagreements count: `none` is Cohen's kappa (any two different labels disagree fully);
 * `linear` and `quadratic` are weighted kappa for ordered grades, where a 2 against a 3 is a
 * smaller disagreement than a 0 against a 3.
 */
export type KappaWeighting = 'none' | 'linear' | 'quadratic';

export interface KappaOptions {
  weighting?: KappaWeighting;
  /**
   * The label scale, lowest and highest (both integers), e.g. [0, 3] for grades 0-3. Default:
   * from the lowest to the highest label seen. Weighted kappa divides distances by its width, so
   * give the full scale when the judges used only part of it.
   */
  scale?: readonly [number, number];
}

export interface KappaResult {
  /** (observed - expected) / (1 - expected); NaN when undefined (see `undefinedReason`). */
  kappa: number;
  /** p_o: the (weighted) share of pairs the two judges agree on. */
  observed: number;
  /** p_e: the (weighted) agreement expected by chance from each judge's own label shares. */
  expected: number;
  /** Number of paired labels. */
  n: number;
  /** The scale's labels, lowest first: row and column order of `matrix`. */
  labels: number[];
  /** matrix[i][j]: pairs the first judge labelled labels[i] and the second labels[j]. */
  matrix: number[][];
  /** Why kappa is NaN, when it is. */
  undefinedReason?: string;
}

/**
 * Cohen's kappa (Cohen 1960) and weighted kappa (Cohen 1968) of two judges' labels on the same
 * items, so a judging campaign can say whether its judges agree beyond what their label shares
 * alone would produce by chance. With k labels, p_ij the share of pairs in cell (i, j), r_i and
 * c_j the row and column shares, and agreement weights w_ij:
 *
 *   none       w_ij = 1 if i = j, else 0
 *   linear     w_ij = 1 - |i - j| / (k - 1)
 *   quadratic  w_ij = 1 - (i - j)^2 / (k - 1)^2
 *
 *   p_o = Σ w_ij p_ij,   p_e = Σ w_ij r_i c_j,   kappa = (p_o - p_e) / (1 - p_e)
 *
 * Labels are integers on the scale; i and j are their positions on it, so a scale of grades 0-3
 * has k = 4 whichever grades were used. Observed and expected agreement are returned too: a
 * kappa near 0 with p_o = 0.95 says the labels are lopsided, not that the judges disagree.
 *
 * Undefined cases return NaN with a reason rather than a made-up 0 or 1: no pairs at all, and
 * p_e = 1, which happens only when both judges gave every item the same single label (then p_o
 * is 1 too and kappa is 0/0: perfect agreement that chance alone explains).
 */
export function cohensKappa(pairs: readonly (readonly [number, number])[], options: KappaOptions = {}): KappaResult {
  const weighting = options.weighting ?? 'none';
  for (const [index, [a, b]] of pairs.entries()) {
    if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b))
      throw new InputError(`labels must be integers, got ${a} and ${b} in pair ${index + 1}`);
  }
  const [low, high] = options.scale ?? observedScale(pairs);
  if (!Number.isSafeInteger(low) || !Number.isSafeInteger(high) || low > high)
    throw new InputError(`scale must be two integers, lowest first, got [${low}, ${high}]`);
  const k = high - low + 1;
  const labels = Array.from({ length: k }, (_, i) => low + i);
  const matrix = labels.map(() => labels.map(() => 0));
  for (const [a, b] of pairs) {
    if (a < low || a > high || b < low || b > high)
      throw new InputError(`label ${a < low || a > high ? a : b} is outside the scale ${low} to ${high}`);
    matrix[a - low]![b - low]! += 1;
  }
  const n = pairs.length;
  if (n === 0)
    return { kappa: NaN, observed: NaN, expected: NaN, n, labels, matrix, undefinedReason: 'no paired labels' };

  const rows = matrix.map((row) => row.reduce((s, x) => s + x, 0) / n);
  const columns = labels.map((_, j) => matrix.reduce((s, row) => s + row[j]!, 0) / n);
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const w = agreementWeight(i, j, k, weighting);
      observed += (w * matrix[i]![j]!) / n;
      expected += w * rows[i]! * columns[j]!;
    }
  }
  if (1 - expected < 1e-12) {
    return {
      kappa: NaN,
      observed,
      expected,
      n,
      labels,
      matrix,
      undefinedReason:
        'expected agreement is 1: both judges gave every item the same single label, so kappa is 0/0 (agreement that chance alone explains)',
    };
  }
  return { kappa: (observed - expected) / (1 - expected), observed, expected, n, labels, matrix };
}

/** w_ij for positions i, j on a k-label scale; a one-label scale has only w_00 = 1. */
export function agreementWeight(i: number, j: number, k: number, weighting: KappaWeighting): number {
  if (i === j) return 1;
  if (weighting === 'none') return 0;
  const distance = Math.abs(i - j) / (k - 1);
  return weighting === 'linear' ? 1 - distance : 1 - distance * distance;
}

function observedScale(pairs: readonly (readonly [number, number])[]): [number, number] {
  if (pairs.length === 0) return [0, 0];
  let low = Infinity;
  let high = -Infinity;
  for (const [a, b] of pairs) {
    low = Math.min(low, a, b);
    high = Math.max(high, a, b);
  }
  return [low, high];
}
