import { describe, expect, it } from 'vitest';
import { searchSchema } from '../../src/http/search-params.js';
import { openApiDocument } from '../../src/web/openapi/document.js';

interface Doc {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
}

describe('/openapi.json documents every search parameter the API accepts', () => {
  const doc = openApiDocument() as unknown as Doc;
  // Taken from the zod schema that validates requests, so a parameter added there and not
  // here fails this test; no list is typed by hand.
  const accepted = Object.keys(searchSchema.shape).sort();

  it('reads the parameters from the schema (lang and qlang among them)', () => {
    expect(accepted).toEqual(expect.arrayContaining(['index', 'q', 'lang', 'qlang']));
  });

  it('GET /search/{mode}: each one is a query parameter', () => {
    const documented = (doc.paths['/search/{mode}']!.get!.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(accepted.filter((name) => !documented.includes(name))).toEqual([]);
  });

  it('POST /search/{mode}: each one is a property of SearchRequest', () => {
    const properties = Object.keys(doc.components.schemas.SearchRequest!.properties ?? {});
    expect(accepted.filter((name) => !properties.includes(name))).toEqual([]);
  });
});
