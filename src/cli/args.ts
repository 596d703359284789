import { parseArgs, type ParseArgsConfig } from 'node:util';
import { InputError } from '../errors.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs in strict mode, with its errors turned into InputError. */
export function parse<O extends Options>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new InputError((err as Error).message);
  }
}

export function intOption(name: string, value: string | undefined, fallback: number, min = 1, max = 1_000_000): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new InputError(`--${name} must be an integer from ${min} to ${max}, got "${value}"`);
  return n;
}

export function numberOption(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) throw new InputError(`--${name} must be a number from ${min} to ${max}, got "${value}"`);
  return n;
}

export function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new InputError(`--${name} must be one of ${allowed.join(', ')}, got "${value}"`);
}

export function positional(positionals: string[], index: number, what: string, usage: string): string {
  const v = positionals[index];
  if (v === undefined) throw new InputError(`missing ${what}\n\n${usage}`);
  return v;
}
