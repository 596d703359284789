import { InputError } from '../../errors.js';

// Plain decimal notation only: Number() alone would also take "0x10", "Infinity" and "" (as 0).
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A comma-separated list of names, each checked by `one`, kept once in first-seen order. */
export function nameList<T>(flag: string, value: string, one: (flag: string, v: string) => T): T[] {
  const parts = value.split(',').filter((p) => p.trim() !== '');
  if (parts.length === 0) throw new InputError(`--${flag} needs at least one name, got "${value}"`);
  return [...new Set(parts.map((p) => one(flag, p)))];
}

/** A finite number from a flag, refusing "0x10", "Infinity" and the empty string. */
export function decimal(flag: string, value: string, ok: (n: number) => boolean, expected: string): number {
  const n = DECIMAL.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isFinite(n) || !ok(n)) throw new InputError(`--${flag} must be ${expected}, got "${value}"`);
  return n;
}
