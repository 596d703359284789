import { z } from 'zod/v4';

// Each stand-in and the function giving the schema it checks against now, for requestJsonSchema.
const current = new WeakMap<object, () => z.ZodType>();

/**
 * A schema that checks (and parses) a value with the schema `now()` gives when the value is
 * read, for a schema derived from a registry that may change at run time (the leg types: a
 * pipeline built before a leg type was registered still parses it). Issues are the current
 * schema's, at the same paths; through requestJsonSchema its JSON Schema is the current
 * schema's. registry-enum.ts builds its name lists on it.
 */
export function currentSchema<Out, In>(now: () => z.ZodType<Out, In>): z.ZodType<Out, In> {
  const schema = z.unknown().transform((value, ctx) => {
    const parsed = now().safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.issues.push({ ...issue, input: value } as never);
    return z.NEVER;
  });
  current.set(schema, now);
  return schema as unknown as z.ZodType<Out, In>;
}

/** The schema a stand-in checks against now; undefined for any other schema. */
export function currentSchemaOf(schema: object): z.ZodType | undefined {
  return current.get(schema)?.();
}
