import { Ajv2020 } from 'ajv/dist/2020.js';

type Json = Record<string, unknown>;

/** Where the document's components are registered, so `#/components/schemas/X` resolves from any schema. */
const DOC_ID = 'https://testbed.invalid/openapi.json';

/**
 * A JSON Schema 2020-12 validator (ajv) over an OpenAPI 3.1 document's schemas: `validate(schema,
 * value)` checks a value against any schema of the document (a component or one written inline in
 * an operation), its `$ref`s resolved against the document's components. Formats (uuid,
 * date-time) are annotations here, as the 2020-12 dialect makes them by default. Returns ajv's
 * errors as readable lines, none when the value is valid.
 */
export function openApiValidator(doc: { components: Json }): (schema: unknown, value: unknown) => string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: DOC_ID, components: doc.components });
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  return (schema, value) => {
    const text = JSON.stringify(schema).replaceAll('"#/components/', `"${DOC_ID}#/components/`);
    let check = compiled.get(text);
    if (!check) {
      check = ajv.compile(JSON.parse(text) as Json);
      compiled.set(text, check);
    }
    return check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  };
}
