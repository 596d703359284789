import { z } from 'zod/v4';
import { enumParam, jsonParam, numberParam, patternParam } from '../schemas/param-types.js';

type Json = Record<string, unknown>;

/** A field's value as JSON Schema describes it: the one reading of a zod schema's bounds, default and help. */
export function fieldJsonSchema(schema: z.ZodType): Json {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Json;
  return json;
}

/**
 * A pipeline field under its flat spelling (`k1=1.2` in a query string, `--k1 1.2`, `k1: 1.2` in
 * YAML): the same values, bounds, default and help as `owner`, the field of the pipeline that
 * means it, read from its schema and never restated, and read from a string too, with an error
 * that names the parameter (`k1 must be a number in [0, 10], got "11"`). A blank string is
 * absent, as an HTML form sends every field.
 */
export function flatParam<O extends z.ZodType>(name: string, owner: O): z.ZodType<z.output<O>> {
  const json = fieldJsonSchema(owner);
  const flat = flatValue(name, owner, json);
  const given = json.default === undefined ? flat.optional() : flat.default(json.default);
  return (json.description === undefined ? given : given.describe(json.description as string)) as z.ZodType<
    z.output<O>
  >;
}

function flatValue(name: string, owner: z.ZodType, json: Json): z.ZodType {
  if (json.type === 'number' || json.type === 'integer') {
    const exclusiveMin = json.exclusiveMinimum !== undefined;
    const exclusiveMax = json.exclusiveMaximum !== undefined;
    return numberParam(name, {
      int: json.type === 'integer',
      min: (exclusiveMin ? json.exclusiveMinimum : json.minimum) as number,
      max: (exclusiveMax ? json.exclusiveMaximum : json.maximum) as number,
      ...(exclusiveMin && { exclusiveMin }),
      ...(exclusiveMax && { exclusiveMax }),
    });
  }
  if (Array.isArray(json.enum)) return enumParam(name, json.enum as [string, ...string[]]);
  if (json.type === 'string' && typeof json.pattern === 'string')
    return patternParam(name, new RegExp(json.pattern), patternHint(owner, json.pattern));
  // A structured value (a filter): JSON text in a query string or a flag, the value itself in a body or YAML.
  return jsonParam(name, owner);
}

/** How the owner itself describes a string outside its pattern ("a language code such as de or zh"). */
function patternHint(owner: z.ZodType, pattern: string): string {
  const refused = owner.safeParse('');
  return refused.success ? `a string matching ${pattern}` : refused.error.issues[0]!.message;
}
