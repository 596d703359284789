/** Points of the Gauss–Legendre rule applied on each piece. */
const POINTS = 16;
/** Deepest halving of a piece before its estimate is taken as it is. */
const MAX_DEPTH = 20;
/** Two estimates this close, relative to their size, agree as well as rounding lets them. */
const ROUNDING = 1e-15;

/** Nodes and weights of the n-point Gauss–Legendre rule on [-1, 1], computed once. */
export function gaussLegendreRule(n: number): { nodes: Float64Array; weights: Float64Array } {
  const nodes = new Float64Array(n);
  const weights = new Float64Array(n);
  for (let i = 0; i < Math.ceil(n / 2); i++) {
    // Newton's method on P_n from Tricomi's estimate of its i-th root.
    let x = Math.cos((Math.PI * (i + 0.75)) / (n + 0.5));
    let derivative = 0;
    for (let iteration = 0; iteration < 100; iteration++) {
      // P_n(x) by the three-term recurrence (j + 1) P_(j+1) = (2j + 1) x P_j - j P_(j-1).
      let previous = 1;
      let current = x;
      for (let j = 1; j < n; j++) {
        const next = ((2 * j + 1) * x * current - j * previous) / (j + 1);
        previous = current;
        current = next;
      }
      // P_n'(x) = n (x P_n - P_(n-1)) / (x² - 1).
      derivative = (n * (x * current - previous)) / (x * x - 1);
      const step = current / derivative;
      x -= step;
      if (Math.abs(step) < 1e-16) break;
    }
    const weight = 2 / ((1 - x * x) * derivative * derivative);
    nodes[i] = -x;
    nodes[n - 1 - i] = x;
    weights[i] = weight;
    weights[n - 1 - i] = weight;
  }
  return { nodes, weights };
}

const RULE = gaussLegendreRule(POINTS);

/** ∫_a^b f by the 16-point Gauss–Legendre rule: exact for polynomials of degree up to 31. */
function gaussLegendre(f: (x: number) => number, a: number, b: number): number {
  const half = (b - a) / 2;
  const middle = (a + b) / 2;
  let total = 0;
  for (let i = 0; i < POINTS; i++) total += RULE.weights[i]! * f(middle + half * RULE.nodes[i]!);
  return total * half;
}

/**
 * The composite 16-point Gauss–Legendre rule on [a, b] cut into `panels` equal parts: nodes x_i
 * and weights w_i with Σ w_i f(x_i) ≈ ∫_a^b f. A fixed grid, for an integral taken many times
 * over the same range, whose factors that do not change can then be computed once per node.
 */
export function compositeRule(a: number, b: number, panels: number): { nodes: Float64Array; weights: Float64Array } {
  const nodes = new Float64Array(panels * POINTS);
  const weights = new Float64Array(panels * POINTS);
  const half = (b - a) / panels / 2;
  for (let p = 0; p < panels; p++) {
    const middle = a + (2 * p + 1) * half;
    for (let i = 0; i < POINTS; i++) {
      nodes[p * POINTS + i] = middle + half * RULE.nodes[i]!;
      weights[p * POINTS + i] = half * RULE.weights[i]!;
    }
  }
  return { nodes, weights };
}

/**
 * ∫_a^b f(x) dx for a smooth f, to an absolute error of about `tolerance`: [a, b] is cut into
 * `pieces` equal parts (so a feature narrower than [a, b] is not stepped over), and each part is
 * halved until the 16-point Gauss–Legendre estimate of the part and the sum of its two halves'
 * agree within its share of the tolerance, or within rounding of each other (adaptive quadrature;
 * the halves' sum is kept). A part is halved at most 20 times.
 */
export function integrate(f: (x: number) => number, a: number, b: number, tolerance: number, pieces = 8): number {
  const width = (b - a) / pieces;
  let total = 0;
  for (let i = 0; i < pieces; i++) {
    const lo = a + i * width;
    const hi = i === pieces - 1 ? b : lo + width;
    total += adapt(f, lo, hi, gaussLegendre(f, lo, hi), tolerance / pieces, 0);
  }
  return total;
}

function adapt(
  f: (x: number) => number,
  a: number,
  b: number,
  whole: number,
  tolerance: number,
  depth: number,
): number {
  const middle = (a + b) / 2;
  const left = gaussLegendre(f, a, middle);
  const right = gaussLegendre(f, middle, b);
  const both = left + right;
  const gap = Math.abs(both - whole);
  if (depth >= MAX_DEPTH || gap <= tolerance || gap <= ROUNDING * (Math.abs(left) + Math.abs(right))) return both;
  return adapt(f, a, middle, left, tolerance / 2, depth + 1) + adapt(f, middle, b, right, tolerance / 2, depth + 1);
}
