/**
 * Ties at the printed precision (four decimals, as every report and verdict prints). A difference
 * of 0.00004 reads "0.0000", so it can be neither a win, a help nor a hurt; 0.80812 and 0.80809
 * both read 0.8081, so neither is "best". Reports, pages and the fusion tuning verdict all call
 * wins, losses and ties through these two functions, so no sentence anywhere says "ahead by 0.0000".
 */

const printed = (x: number): string => x.toFixed(4);

/** Whether a difference prints as zero at four decimals ("0.0000" or "-0.0000"). */
export const printsAsZero = (delta: number): boolean =>
  Number.isFinite(delta) && printed(Math.abs(delta)) === printed(0);

/** Whether two values print the same, or their difference prints as 0.0000. Non-finite values tie with nothing. */
export const tiesAtPrinted = (a: number, b: number): boolean =>
  Number.isFinite(a) && Number.isFinite(b) && (printed(a) === printed(b) || printsAsZero(a - b));
