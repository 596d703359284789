/**
 * A fused score as fusion ranks and writes it: the exact-arithmetic value to 12 significant
 * digits (src/fusion/fused-score.ts), restated here so that worked examples say it themselves.
 * toPrecision is the textbook rounding; the library's faster one agrees with it except when a
 * score lies within an ulp of a half in its 12th digit, which no worked example here does.
 */
export const sig12 = (x: number): number => Number(x.toPrecision(12));
