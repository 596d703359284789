import { z } from 'zod/v4';
import { currentSchema } from './current-schema.js';

/**
 * One of the names of a registry (fusion methods, normalisations), read when a value is checked:
 * a name registered after this schema was built is accepted, and one removed is refused. It is
 * the current schema (current-schema.ts) of a z.enum over the names registered now, so it reads
 * as z.enum does: the same issue (invalid_value, listing the names) and, through
 * requestJsonSchema, the same JSON Schema ({type: string, enum: [the names now]}).
 */
export function registryEnum<T extends string>(names: () => readonly T[]): z.ZodType<T> {
  return currentSchema(() => z.enum(names() as [T, ...T[]]) as unknown as z.ZodType<T, T>);
}
