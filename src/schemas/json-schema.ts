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
export function requestJsonSchema(schema: z.ZodType, named?: NamedSchemas): Json {
  if (!named) return optionalDefaults(generatedJsonSchema(schema)) as Json;
  const { $schema: _dialect, ...generated } = z.toJSONSchema(schema, {
    ...GENERATION,
    external: { registry: named.registry, defs: {} },
  } as never) as Json;
  return optionalDefaults(withRefs(generated, named.uri)) as Json;
}

/**
 * Schemas named elsewhere (a document's components): a schema of `registry` met inside another is
 * written as a `$ref` to `uri(its id)`, not spelt out again.
 */
export interface NamedSchemas {
  registry: z.core.$ZodRegistry<{ id?: string | undefined }>;
  uri: (id: string) => string;
}

/**
 * The JSON Schemas of every schema `registry` names (zod's registry form of toJSONSchema), each
 * referring to the others as `uri(id)`: the named schemas of a document's components. Written as
 * requestJsonSchema writes one schema (`side` request: defaulted fields optional), or as an
 * answer (`side` answer, see answerJsonSchema).
 */
export function registryJsonSchemas(
  registry: z.core.$ZodRegistry<{ id?: string | undefined }>,
  uri: (id: string) => string,
  side: 'request' | 'answer',
): Record<string, Json> {
  const params = side === 'answer' ? ANSWER_GENERATION : GENERATION;
  const { schemas } = z.toJSONSchema(registry, { ...params, uri } as never) as { schemas: Record<string, Json> };
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _dialect, $id: _id, ...generated } = schema;
      return [id, side === 'request' ? (optionalDefaults(generated) as Json) : generated];
    }),
  );
}

/**
 * The JSON Schema of what an answer holds, `schema` being zod's description of it: zod's output
 * (every defaulted field present), an object open to more fields unless its schema is strict (a
 * client reads the fields it knows; the server may add one), and an integer without the
 * safe-integer bounds zod states for every `.int()`.
 */
export function answerJsonSchema(schema: z.ZodType, named?: NamedSchemas): Json {
  // zod refers to a schema of `named.registry` by its bare id when given no uri (with one, it
  // wants the root named too): the ids are turned into `named.uri(id)` below.
  const external = named && { registry: named.registry, defs: {} };
  const { $schema: _dialect, ...generated } = z.toJSONSchema(schema, {
    ...ANSWER_GENERATION,
    external,
  } as never) as Json;
  return named ? (withRefs(generated, named.uri) as Json) : generated;
}

/** `node` with every `$ref` that is a bare id written as `uri(id)`. */
function withRefs(node: unknown, uri: (id: string) => string): unknown {
  if (Array.isArray(node)) return node.map((child) => withRefs(child, uri));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node as Json).map(([key, value]) =>
      key === '$ref' && typeof value === 'string' && !value.startsWith('#')
        ? [key, uri(value)]
        : [key, withRefs(value, uri)],
    ),
  );
}

/** How every schema is generated: zod's output, current schemas (current-schema.ts) written as they are now. */
const GENERATION = {
  io: 'output',
  unrepresentable: 'any',
  override: ({ zodSchema, jsonSchema }: { zodSchema: object; jsonSchema: Json }) => {
    const now = currentSchemaOf(zodSchema);
    if (!now) return;
    for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
    Object.assign(jsonSchema, generatedJsonSchema(now));
  },
} as const;

const ANSWER_GENERATION = {
  ...GENERATION,
  override: (ctx: { zodSchema: z.core.$ZodType; jsonSchema: Json }) => {
    GENERATION.override(ctx);
    const { zodSchema, jsonSchema } = ctx;
    const def = zodSchema._zod.def as { type: string; catchall?: unknown };
    if (def.type === 'object' && def.catchall === undefined) delete jsonSchema.additionalProperties;
    if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
    if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
  },
} as const;

/** zod's JSON Schema, with current schemas (current-schema.ts) written as they are now. */
function generatedJsonSchema(schema: z.ZodType): Json {
  const { $schema: _dialect, ...generated } = z.toJSONSchema(schema, GENERATION as never) as Json;
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
