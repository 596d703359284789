import { z } from 'zod/v4';
import { answerJsonSchema, registryJsonSchemas, requestJsonSchema } from '../../schemas/json-schema.js';
import { inputSide } from './input-side.js';

type Json = Record<string, unknown>;

/**
 * The named schemas of the document's components, registered by the route files beside the
 * handlers that parse or answer them: a request body's schema is the zod schema its handler
 * validates with, an answer's the zod schema of what the handler returns. Their JSON Schemas
 * are generated when the document is made (componentSchemas), so a leg type or fusion method
 * registered by then is in them. An answer's schema is typed `z.ZodType<T>` with the TypeScript
 * type its handler returns, where the type is not wider than the document can say (a registry's
 * names): the compiler then refuses a schema that lacks or mistypes a field the type requires.
 */
const requests = z.registry<{ id: string }>();
const answers = z.registry<{ id: string }>();
/** Answers whose JSON Schema is derived from another's when the document is made (a settled pipeline). */
const derived = new Map<string, () => Json>();

/** `schema`, named `id` among the request bodies (written as a client sends it: see inputSide). */
export function requestComponent<T extends z.ZodType>(id: string, schema: T): T {
  requests.add(schema, { id });
  return schema;
}

/** `schema`, named `id` among the answers (answerJsonSchema: zod's output, objects open unless strict). */
export function answerComponent<T extends z.ZodType>(id: string, schema: T): T {
  answers.add(schema, { id });
  return schema;
}

/** An answer named `id` whose JSON Schema `make` derives when the document is made. */
export function derivedComponent(id: string, make: () => Json): string {
  derived.set(id, make);
  return id;
}

const uri = (id: string) => `#/components/schemas/${id}`;

/** A `$ref` to a named component. */
export const componentRef = (id: string) => ({ $ref: uri(id) });

/**
 * A field of an answer's zod schema that is a named component by name: a derived one, or a
 * request body an answer repeats (a job's request). Its value is not checked here: only described.
 */
export const namedField = (id: string) => z.unknown().meta({ $ref: uri(id) });

/** A `$ref` to the component `schema` was registered as (requestComponent or answerComponent). */
export function refTo(schema: z.ZodType): { $ref: string } {
  const id = answers.get(schema)?.id ?? requests.get(schema)?.id;
  if (!id) throw new Error('refTo: the schema is not a named component (answerComponent, requestComponent)');
  return componentRef(id);
}

/**
 * The JSON Schema of an answer an operation writes itself (a list around named answers, a
 * count), its named parts referred to by `$ref`: generated from `schema` as the named answers are.
 */
export function answerSchema(schema: z.ZodType): Json {
  return answerJsonSchema(schema, { registry: answers, uri });
}

/**
 * The JSON Schema of a request body an operation takes as a whole (one thing or a batch of them),
 * its named parts referred to by `$ref`: written as the named request bodies are (inputSide).
 */
export function requestSchema(schema: z.ZodType): Json {
  return inputSide(requestJsonSchema(schema, { registry: requests, uri }));
}

/** Every registered schema's JSON Schema, by name: the requests' input side, the answers' output side. */
export function componentSchemas(): Record<string, Json> {
  const bodies = registryJsonSchemas(requests, uri, 'request');
  return {
    ...Object.fromEntries(Object.entries(bodies).map(([id, schema]) => [id, inputSide(schema)])),
    ...registryJsonSchemas(answers, uri, 'answer'),
    ...Object.fromEntries([...derived].map(([id, make]) => [id, make()])),
  };
}
