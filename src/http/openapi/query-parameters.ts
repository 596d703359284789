import type { z } from 'zod/v4';
import { requestJsonSchema } from '../../schemas/json-schema.js';

type Json = Record<string, unknown>;

/**
 * The OpenAPI query parameters of a route whose handler validates its query string with
 * `schema` (an object of the parameters): one per field, its JSON Schema generated from the
 * field, its description the field's, required unless the field may be left out.
 */
export function queryParameters(schema: z.ZodType): Json[] {
  const { properties = {}, required = [] } = requestJsonSchema(schema) as {
    properties?: Record<string, Json>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, { description, ...values }]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    ...(typeof description === 'string' && { description }),
    schema: values,
  }));
}
