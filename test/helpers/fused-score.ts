/**
 * A fused score as fusion ranks and writes it: the exact-arithmetic value to 12 significant
 * digits (src/fusion/fused-score.ts), restated here so that worked examples say it themselves.
 */
export const sig12 = (x: number): number => Number(x.toPrecision(12));
