import { z } from 'zod/v4';

/**
 * Parameter types that read the same whether they come as JSON numbers (a POST body, YAML) or
 * as strings (a query string, a CLI flag, an HTML form), with one error message naming the
 * parameter, what it must be and what it got.
 */

/**
 * Decimal notation only, exponent allowed, nothing around it: Number() alone would also take
 * "0x10", "Infinity", " 5 " and "" (as 0).
 */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

const shown = (value: unknown): string => (typeof value === 'string' ? JSON.stringify(value) : String(value));

/** An empty or blank string is absent: an HTML form submits every field, filled or not. */
export function blankToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

export interface NumberRange {
  int?: boolean;
  min: number;
  max: number;
  /** min itself is not allowed (rrf_k > 0). */
  exclusiveMin?: boolean;
  /** max itself is not allowed (rbc's φ < 1). */
  exclusiveMax?: boolean;
}

export function describeRange({ int, min, max, exclusiveMin, exclusiveMax }: NumberRange): string {
  if (int) return `an integer from ${min} to ${max}`;
  if (exclusiveMin && exclusiveMax) return `a number in (${min}, ${max})`;
  if (exclusiveMin) return `a number > ${min} and <= ${max}`;
  if (exclusiveMax) return `a number >= ${min} and < ${max}`;
  return `a number in [${min}, ${max}]`;
}

/** Whether `n` is a finite number within `range` (describeRange words it). */
export function inRange(n: number, { int, min, max, exclusiveMin, exclusiveMax }: NumberRange): boolean {
  if (!Number.isFinite(n) || (int && !Number.isInteger(n))) return false;
  return (exclusiveMin ? n > min : n >= min) && (exclusiveMax ? n < max : n <= max);
}

/** A finite number in range, from a number or its decimal string. */
export function numberParam(name: string, range: NumberRange) {
  const error = (issue: { input?: unknown }) => `${name} must be ${describeRange(range)}, got ${shown(issue.input)}`;
  let schema = range.int ? z.number({ error }).int({ error }) : z.number({ error });
  schema = range.exclusiveMin ? schema.gt(range.min, { error }) : schema.min(range.min, { error });
  return z.preprocess(
    (value, ctx) => {
      const v = blankToUndefined(value);
      if (typeof v !== 'string' || !DECIMAL.test(v)) return v;
      const n = Number(v);
      // "1e309" reads as Infinity: refused here, so the message shows what was sent.
      if (!Number.isFinite(n)) {
        ctx.issues.push({
          code: 'custom',
          message: `${name} must be ${describeRange(range)}, got ${shown(v)}`,
          input: v,
        });
        return z.NEVER;
      }
      return n;
    },
    range.exclusiveMax ? schema.lt(range.max, { error }) : schema.max(range.max, { error }),
  );
}

/** One of a closed set of names. */
export function enumParam<const T extends readonly [string, ...string[]]>(name: string, values: T) {
  const error = (issue: { input?: unknown }) =>
    `${name} must be one of ${values.map((v) => `"${v}"`).join(', ')}, got ${shown(issue.input)}`;
  return z.preprocess(blankToUndefined, z.enum(values, { error }));
}

/** A string matching a pattern (language codes). */
export function patternParam(name: string, pattern: RegExp, expected: string) {
  const error = (issue: { input?: unknown }) => `${name} must be ${expected}, got ${shown(issue.input)}`;
  return z.preprocess(blankToUndefined, z.string({ error }).regex(pattern, { error }));
}

/** A JSON value given as a string (a query string or a CLI flag), or already parsed (a JSON body, YAML). */
export function jsonParam<S extends z.ZodType>(name: string, schema: S) {
  return z.preprocess((value, ctx) => {
    const v = blankToUndefined(value);
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.issues.push({ code: 'custom', message: `${name} must be JSON, got ${shown(v)}`, input: v });
      return z.NEVER;
    }
  }, schema);
}
