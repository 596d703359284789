/** Below this the recurrence Γ(x + 1) = x·Γ(x) shifts x up before the Stirling series is used. */
const STIRLING_FROM = 15;

const HALF_LOG_TWO_PI = 0.5 * Math.log(2 * Math.PI);

/**
 * The Stirling series' correction term (Abramowitz & Stegun 6.1.41):
 *
 *   ln Γ(x) = (x - 1/2) ln x - x + ln(2π)/2 + C(x)
 *   C(x)    = 1/(12x) - 1/(360x³) + 1/(1260x⁵) - 1/(1680x⁷) + 1/(1188x⁹) - 691/(360360x¹¹) + 1/(156x¹³) ...
 *
 * The terms are B_2j / (2j(2j - 1) x^(2j - 1)) with the Bernoulli numbers B_2j. From x = 15 on the
 * first omitted term is below 1e-19, so seven terms are exact to double precision. Below 15, C(x)
 * is computed from ln Γ(x) (the shift loses nothing that matters there).
 *
 * Kept apart because ln(density) of a scaled chi distribution (studentized-range.ts) needs
 * x ln x - x - ln Γ(x) for large x, where subtracting two numbers of size x ln x would cancel.
 */
export function logGammaCorrection(x: number): number {
  if (x < STIRLING_FROM) return logGamma(x) - stirlingMain(x);
  const r = 1 / x;
  const r2 = r * r;
  return (
    r * (1 / 12 - r2 * (1 / 360 - r2 * (1 / 1260 - r2 * (1 / 1680 - r2 * (1 / 1188 - r2 * (691 / 360360 - r2 / 156))))))
  );
}

/**
 * ln Γ(x) for x > 0: for x >= 15 the Stirling series above; below, the recurrence
 * ln Γ(x) = ln Γ(x + m) - ln(x (x + 1) ... (x + m - 1)) with x + m >= 15. Absolute error about
 * 1e-14 (the shift costs a few ulps of ln Γ(x + m)). NaN for x <= 0 or NaN: no caller needs the
 * reflection formula.
 */
export function logGamma(x: number): number {
  if (!(x > 0)) return NaN;
  if (x === Infinity) return Infinity;
  let product = 1;
  let shifted = x;
  while (shifted < STIRLING_FROM) product *= shifted++;
  return stirlingMain(shifted) + logGammaCorrection(shifted) - Math.log(product);
}

/**
 * ln B(a, b) = ln Γ(a) + ln Γ(b) - ln Γ(a + b). When the larger argument, say a, is 15 or more,
 * ln Γ(a) - ln Γ(a + b) is taken from the Stirling series as one difference,
 *
 *   ln Γ(a) - ln Γ(a + b) = -(a - 1/2) log1p(b/a) - b ln(a + b) + b + C(a) - C(a + b)
 *
 * instead of subtracting two numbers of size a ln a: Student's t with 1000 df needs
 * B(500, 1/2), whose ln Γ terms are near 2605 and would lose 1e-13 to the subtraction.
 */
export function logBeta(a: number, b: number): number {
  const big = Math.max(a, b);
  const small = Math.min(a, b);
  if (big < STIRLING_FROM) return logGamma(a) + logGamma(b) - logGamma(a + b);
  const sum = big + small;
  const difference =
    -(big - 0.5) * Math.log1p(small / big) -
    small * Math.log(sum) +
    small +
    logGammaCorrection(big) -
    logGammaCorrection(sum);
  return logGamma(small) + difference;
}

function stirlingMain(x: number): number {
  return (x - 0.5) * Math.log(x) - x + HALF_LOG_TWO_PI;
}
