import fs from 'node:fs';
import path from 'node:path';

/**
 * scipy's values for the statistics src/stats computes itself, made by
 * test/fixtures/stats/make-reference.py (its docstring says how to remake them).
 */
export interface ScipyReference {
  normal_cdf: { x: number; cdf: number }[];
  t_distribution: { t: number; df: number; cdf: number; two_sided: number }[];
  paired_t: { a: number[]; b: number[]; t: number; df: number; p: number }[];
  studentized_range: { q: number; k: number; df: number; sf: number; cdf: number }[];
  tukey_one_way: { q: number; k: number; df: number; p: number }[];
  tukey_two_way: { scores: number[][]; mse: number; df: number; p: number[][] }[];
  corrections: { p: number[]; holm: number[]; bonferroni: number[] }[];
}

export const SCIPY: ScipyReference = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/stats/scipy-reference.json'), 'utf8'),
);

/** |actual - expected| within an absolute or a relative tolerance, whichever is looser. */
export function near(actual: number, expected: number, absolute: number, relative = absolute): boolean {
  return Math.abs(actual - expected) <= Math.max(absolute, relative * Math.abs(expected));
}
