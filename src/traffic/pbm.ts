import { InputError } from '../errors.js';

/** One impression as the position-based model sees it: which (query, document) pair, where, clicked or not. */
export interface PbmImpression {
  /** Index of the pair (0..pairs-1). */
  pair: number;
  /** 1-based ordinal it was shown at. */
  rank: number;
  clicked: boolean;
}

export interface PbmOptions {
  /** Ordinals 1..maxRank; every impression's rank must be within. */
  maxRank: number;
  /**
   * Pseudo-impressions of the Beta prior on each pair's attractiveness (0: plain maximum
   * likelihood). See fitPbm for the rule.
   */
  priorStrength?: number;
  /**
   * Examination fixed instead of fitted (ordinals 1..maxRank): the swap propensities, say. EM then
   * fits attractiveness alone.
   */
  fixedExamination?: readonly number[];
  maxIterations?: number;
  /** EM stops when no parameter moves by more than this between iterations. */
  tolerance?: number;
}

/** The fitted model. */
export interface PbmFit {
  /** θ_r for r = 1..maxRank (index 0 is rank 1); θ_1 = 1 unless fixed otherwise. */
  examination: number[];
  /** α per pair, shrunk toward priorMean by the prior. */
  attractiveness: number[];
  /** The log mean the prior shrinks toward: Σ clicks / Σ θ over all impressions. */
  priorMean: number;
  priorStrength: number;
  iterations: number;
  converged: boolean;
}

/** The parameters EM carries from one step to the next. */
export interface PbmState {
  examination: number[];
  attractiveness: number[];
}

export const DEFAULT_PRIOR_STRENGTH = 20;
export const DEFAULT_MAX_ITERATIONS = 2000;
export const DEFAULT_TOLERANCE = 1e-6;
/** Where EM starts: every pair half attractive, every rank below the first half examined. */
export const INITIAL_ATTRACTIVENESS = 0.5;
export const INITIAL_EXAMINATION = 0.5;

/**
 * The position-based click model (Chuklin, Markov & de Rijke 2015, "Click Models for Web Search",
 * ch. 3.4 PBM, and ch. 4 for EM): a result at rank r is clicked if it is examined (probability
 * θ_r, the same for every query and document) and attractive (α_qd, the same wherever it is
 * shown), independently:
 *
 *   P(C = 1 | q, d, r) = θ_r · α_qd
 *
 * Examination E and attractiveness A are hidden, so the model is fitted by expectation
 * maximisation over every impression i = (q, d, r, c):
 *
 *   E step, the posteriors given the click:
 *     c = 1:  P(E = 1 | c) = 1,  P(A = 1 | c) = 1
 *     c = 0:  P(E = 1 | c) = θ_r (1 − α_qd) / (1 − θ_r α_qd)
 *             P(A = 1 | c) = α_qd (1 − θ_r) / (1 − θ_r α_qd)
 *   M step:
 *     θ_r  = Σ_{i at r} P(E = 1 | c_i) / #impressions at r            (r ≥ 2)
 *     α_qd = (Σ_{i of qd} P(A = 1 | c_i) + s·m) / (#impressions of qd + s)
 *
 * Two choices beyond the textbook:
 * - θ_1 is held at 1 (the first result is examined). PBM cannot tell θ·k and α/k apart (they
 *   predict the same clicks), so something must fix the scale; with θ_1 = 1, α reads as the click
 *   probability of the pair shown first. (The θ M-step separates by rank, so fixing θ_1 is still
 *   an exact constrained M step: the likelihood never decreases.)
 * - The minimum-evidence rule is a Beta(s·m, s·(1 − m)) prior on every α, which makes the α step
 *   the maximum a posteriori one above: s pseudo-impressions (`priorStrength`, default 20) at the
 *   log mean m = Σ_i c_i / Σ_i θ_{r_i} (clicks per expected examination over the whole log,
 *   recomputed each step). A pair with few examined impressions stays near m whatever its clicks
 *   (one click at rank 9, where θ ≈ 0.1, moves α by 1/(1 + s) of the way toward 1: from a mean of
 *   0.2 to 0.24, under the first pbm grade at 0.3), and a pair with many examined impressions moves
 *   to its own rate (halfway once it has s of them). Shrinking toward the log mean rather than 0.5 keeps an
 *   unknown pair as likely as an average one, not a coin flip.
 *
 * The fit runs in two stages: θ and α by plain maximum likelihood (no prior) until EM converges,
 * then α alone under the prior with θ held. Fitting both under the prior at once drifts along the
 * ridge PBM cannot resolve: shrinking α toward m lowers θ to keep θ·α at the observed click
 * rates, which raises m = clicks / Σθ, which shrinks α higher still (on a simulated log of a good
 * ranker with half its searches swapped, θ_5 came out 0.05 against a true 0.2, where the
 * two-stage fit gives 0.22). So θ is the likelihood's, and the prior only decides how far each
 * α may leave the mean on its own evidence.
 * `fixedExamination` skips the first stage (the swap propensities give θ from interventions instead).
 */
export function fitPbm(impressions: readonly PbmImpression[], pairs: number, options: PbmOptions): PbmFit {
  const { maxRank } = options;
  const priorStrength = options.priorStrength ?? DEFAULT_PRIOR_STRENGTH;
  const maxIterations = options.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  const tolerance = options.tolerance ?? DEFAULT_TOLERANCE;
  if (!(priorStrength >= 0) || !Number.isFinite(priorStrength))
    throw new InputError(`must be a non-negative number, got ${priorStrength}`, { field: 'priorStrength' });
  const fixed = options.fixedExamination;
  if (fixed && (fixed.length !== maxRank || fixed.some((t) => !(t > 0 && t <= 1))))
    throw new InputError(`must be ${maxRank} numbers in (0, 1]`, { field: 'fixedExamination' });
  for (const i of impressions)
    if (i.rank < 1 || i.rank > maxRank || i.pair < 0 || i.pair >= pairs)
      throw new InputError(`impression out of range: pair ${i.pair}, rank ${i.rank}`);

  const start: PbmState = {
    examination: fixed ? [...fixed] : Array.from({ length: maxRank }, (_, r) => (r === 0 ? 1 : INITIAL_EXAMINATION)),
    attractiveness: Array.from({ length: pairs }, () => INITIAL_ATTRACTIVENESS),
  };
  // First θ (and α) by maximum likelihood, then α alone under the prior with θ held: see fitPbm.
  const likeliest = fixed
    ? { state: start, iterations: 0, converged: true }
    : runEm(start, impressions, { priorStrength: 0 }, maxIterations, tolerance);
  const shrunk = runEm(likeliest.state, impressions, { priorStrength, fixExamination: true }, maxIterations, tolerance);
  return {
    ...shrunk.state,
    priorMean: logMean(shrunk.state.examination, impressions),
    priorStrength,
    iterations: likeliest.iterations + shrunk.iterations,
    converged: likeliest.converged && shrunk.converged,
  };
}

function runEm(
  start: PbmState,
  impressions: readonly PbmImpression[],
  options: { priorStrength: number; fixExamination?: boolean },
  maxIterations: number,
  tolerance: number,
): { state: PbmState; iterations: number; converged: boolean } {
  let state = start;
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations && !converged) {
    const next = pbmStep(state, impressions, options);
    converged = largestChange(state, next) <= tolerance;
    state = next;
    iterations++;
  }
  return { state, iterations, converged };
}

/**
 * One EM step from `state` (the formulas of fitPbm). Exported so a step can be checked by hand.
 * A rank nothing was shown at keeps its θ; a pair with no impressions gets the prior mean.
 */
export function pbmStep(
  state: PbmState,
  impressions: readonly PbmImpression[],
  options: { priorStrength: number; fixExamination?: boolean },
): PbmState {
  const { examination: theta, attractiveness: alpha } = state;
  const examined = theta.map(() => 0);
  const shownAt = theta.map(() => 0);
  const attractive = alpha.map(() => 0);
  const shownPair = alpha.map(() => 0);
  for (const { pair, rank, clicked } of impressions) {
    const t = theta[rank - 1]!;
    const a = alpha[pair]!;
    const none = 1 - t * a;
    // A click means examined and attractive; no click splits between the two ways of missing.
    examined[rank - 1]! += clicked ? 1 : none > 0 ? (t * (1 - a)) / none : 0;
    attractive[pair]! += clicked ? 1 : none > 0 ? (a * (1 - t)) / none : 0;
    shownAt[rank - 1]!++;
    shownPair[pair]!++;
  }
  const m = logMean(theta, impressions);
  const s = options.priorStrength;
  return {
    examination: theta.map((t, r) =>
      options.fixExamination || r === 0 || shownAt[r] === 0 ? t : examined[r]! / shownAt[r]!,
    ),
    attractiveness: alpha.map((_, p) => (shownPair[p]! + s > 0 ? (attractive[p]! + s * m) / (shownPair[p]! + s) : m)),
  };
}

/** m = Σ clicks / Σ θ_r over the impressions (at most 1): clicks per expected examination. */
function logMean(theta: readonly number[], impressions: readonly PbmImpression[]): number {
  let clicks = 0;
  let examinations = 0;
  for (const { rank, clicked } of impressions) {
    if (clicked) clicks++;
    examinations += theta[rank - 1]!;
  }
  return examinations > 0 ? Math.min(1, clicks / examinations) : 0;
}

function largestChange(a: PbmState, b: PbmState): number {
  let most = 0;
  for (let i = 0; i < a.examination.length; i++) most = Math.max(most, Math.abs(a.examination[i]! - b.examination[i]!));
  for (let i = 0; i < a.attractiveness.length; i++)
    most = Math.max(most, Math.abs(a.attractiveness[i]! - b.attractiveness[i]!));
  return most;
}
