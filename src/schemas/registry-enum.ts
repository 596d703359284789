import { z } from 'zod/v4';

// Each registry enum and the function giving its names now, for requestJsonSchema.
const currentNames = new WeakMap<object, () => readonly string[]>();

/**
 * One of the names of a registry (fusion methods, normalisations), read when a value is checked:
 * a name registered after this schema was built is accepted, and one removed is refused. It
 * reads as z.enum does: the same issue (invalid_value, listing the names) and, through
 * requestJsonSchema, the same JSON Schema ({type: string, enum: [the names now]}). A zod enum
 * cannot do this: it keeps the names it was given.
 */
export function registryEnum<T extends string>(names: () => readonly T[]): z.ZodType<T> {
  const schema: z.ZodType<T> = z.custom<T>().check((ctx) => {
    const values = names();
    if (!values.includes(ctx.value)) ctx.issues.push({ code: 'invalid_value', values: [...values], input: ctx.value });
  });
  currentNames.set(schema, names);
  return schema;
}

/** The names a registry enum accepts now; undefined for any other schema. */
export function registryEnumNames(schema: object): readonly string[] | undefined {
  return currentNames.get(schema)?.();
}
