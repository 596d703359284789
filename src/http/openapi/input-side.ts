type Json = Record<string, unknown>;

/**
 * A request body's schema as a client writes the request: every field with a default may be left
 * out. The schemas generated from zod already leave such fields out of `required`, but a client
 * generator may still read a `default` as "always there": openapi-typescript does by default
 * (defaultNonNullable) for every component schema, which is true of an answer (the server fills
 * the default in) and false of a request, so a pipeline search with bare legs did not compile
 * (issue 43). Here each default is said in the field's description instead, where people and
 * Swagger UI still read it, and no generator takes it for a promise about the field being present.
 * Only the document's request schemas go through this; answers keep their `default`s.
 */
export function inputSide<T>(schema: T): T {
  return defaultsInDescriptions(schema) as T;
}

/** Keywords whose value is a map of names to schemas: a field there named `default` is a field. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
/** Keywords whose value is data, not a schema. */
const VALUES = new Set(['example', 'examples', 'const', 'enum']);

function defaultsInDescriptions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(defaultsInDescriptions);
  if (!node || typeof node !== 'object') return node;
  const { default: value, ...rest } = node as Json;
  const out: Json = {};
  for (const [key, child] of Object.entries(rest)) {
    if (VALUES.has(key)) out[key] = child;
    else if (SCHEMA_MAPS.has(key) && child && typeof child === 'object')
      out[key] = Object.fromEntries(
        Object.entries(child as Json).map(([name, schema]) => [name, defaultsInDescriptions(schema)]),
      );
    else out[key] = defaultsInDescriptions(child);
  }
  if (value === undefined) return out;
  const said = `default: ${typeof value === 'string' ? value : JSON.stringify(value)}`;
  return { ...out, description: typeof out.description === 'string' ? `${out.description} (${said})` : said };
}
