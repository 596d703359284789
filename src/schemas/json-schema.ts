import { z } from 'zod/v4';
import { currentSchemaOf } from './current-schema.js';

type Json = Record<string, unknown>;

/**
 * The JSON Schema (2020-12, as OpenAPI 3.1 takes it) of a request a zod schema validates: what
 * the OpenAPI document says about bodies and parameters is generated from the validator, never
 * written beside it. zod describes its output, where a defaulted field is always present; a
 * caller may leave it out, so fields with a default are dropped from `required`. A current
 * schema (current-schema.ts: the leg union, a registry enum) is written as the schema it checks
 * against now.
 */
export function requestJsonSchema(schema: z.ZodType): Json {
  return optionalDefaults(generatedJsonSchema(schema)) as Json;
}

/** zod's JSON Schema, with current schemas (current-schema.ts) written as they are now. */
function generatedJsonSchema(schema: z.ZodType): Json {
  const { $schema: _dialect, ...generated } = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const now = currentSchemaOf(zodSchema);
      if (!now) return;
      for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
      Object.assign(jsonSchema, generatedJsonSchema(now));
    },
  }) as Json;
  return generated;
}

function optionalDefaults(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(optionalDefaults);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) out[key] = optionalDefaults(value);
  const properties = out.properties as Record<string, Json> | undefined;
  if (properties && Array.isArray(out.required)) {
    const required = (out.required as string[]).filter((name) => properties[name]?.default === undefined);
    if (required.length) out.required = required;
    else delete out.required;
  }
  return out;
}
