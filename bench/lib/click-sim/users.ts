import { createZipfSampler } from '../zipf-corpus.js';

/**
 * Simulated users of a search box (issue 39): which query each search asks, and which of the
 * shown results it clicks. Clicks follow the position-based model (Chuklin, Markov, de Rijke
 * 2015, ch. 3): a result at rank r is examined with probability θ_r = (1/r)^η and, once examined,
 * clicked with the attractiveness of its true grade. The two are independent, so a click says as
 * much about where a result was shown as about how good it is: the bias the click models must
 * undo.
 */
export interface ClickModelParams {
  /** η in θ_r = (1/r)^η: 0 examines every rank, 1 halves the examination at rank 2. */
  eta: number;
  /** Click probability once examined, by true grade: index g for grade g, the last for any higher grade. */
  attractiveness: readonly number[];
}

/** θ_r = (1/r)^η for the 1-based rank r. */
export function examination(rank: number, eta: number): number {
  return (1 / rank) ** eta;
}

/** The attractiveness of a result of true grade `grade` (unjudged documents count as grade 0). */
export function attractiveness(grade: number, params: ClickModelParams): number {
  const a = params.attractiveness;
  return a[Math.min(Math.max(0, grade), a.length - 1)]!;
}

/**
 * The 1-based ranks clicked on one result list: each rank examined and found attractive
 * independently (two draws from `rng`, in rank order, so a seed fixes every click).
 */
export function simulateClicks(grades: readonly number[], params: ClickModelParams, rng: () => number): number[] {
  const clicked: number[] = [];
  grades.forEach((grade, i) => {
    const examined = rng() < examination(i + 1, params.eta);
    const attracted = rng() < attractiveness(grade, params);
    if (examined && attracted) clicked.push(i + 1);
  });
  return clicked;
}

/**
 * Query popularity: a seeded shuffle of the collection's queries gives each a rank, and searches
 * draw ranks with probability ∝ 1/(rank+1)^exponent (Zipf), so a few queries are asked often and
 * most rarely, as in a real log. Which query is popular is left to the shuffle, not to file order.
 */
export function zipfQueries<T>(queries: readonly T[], exponent: number, rng: () => number): (rng: () => number) => T {
  const order = [...queries];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const draw = createZipfSampler(order.length, exponent);
  return (r) => order[draw(r)]!;
}
