/**
 * The small JSON Schema pieces every schema file of the OpenAPI document is written with, so a
 * string is spelt `str` and an object with required fields `obj({...})` in one way everywhere.
 */
export const str = { type: 'string' };
export const num = { type: 'number' };
export const int = { type: 'integer' };
export const bool = { type: 'boolean' };

/** An object schema whose properties are all required unless `required` names fewer. */
export const obj = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
});
