import { InputError } from '../../errors.js';

/**
 * Every weight vector for `legs` legs whose weights are multiples of 1/steps summing to 1 (the
 * points of the simplex on a grid): with 2 legs and 10 steps, (1, 0), (0.9, 0.1), ..., (0, 1).
 * There are C(steps + legs - 1, legs - 1) of them (11 for 2 legs, 66 for 3, 286 for 4). The
 * one-hot vectors are included: a single leg is one of the candidates. Listed with the first
 * leg's weight descending, then the second's, and so on.
 */
export function weightGrid(legs: number, steps: number): number[][] {
  if (!Number.isSafeInteger(legs) || legs < 1) throw new InputError(`weight grid: need at least one leg, got ${legs}`);
  if (!Number.isSafeInteger(steps) || steps < 1)
    throw new InputError(`weight grid: steps must be a whole number >= 1, got ${steps}`);
  const out: number[][] = [];
  const walk = (prefix: number[], left: number) => {
    if (prefix.length === legs - 1) {
      out.push([...prefix, left].map((m) => m / steps));
      return;
    }
    for (let m = left; m >= 0; m--) walk([...prefix, m], left - m);
  };
  walk([], steps);
  return out;
}
