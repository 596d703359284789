import { describe, expect, it } from 'vitest';
import { LEG_TYPES } from '../../src/legs/registry.js';
import { pipelineSpec } from '../../src/pipeline/pipeline-spec.js';
import { shorthandParams } from '../../src/pipeline/shorthand.js';
import { apiDocument } from './helpers/api-document.js';

interface Doc {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
}

const doc = (await apiDocument()) as unknown as Doc;

describe('/openapi.json documents every search parameter the API accepts', () => {
  // Taken from the zod schemas that validate requests, so a parameter added there and not
  // here fails this test; no list is typed by hand.
  const shorthand = ['index', 'q', ...Object.keys(shorthandParams.shape).filter((n) => n !== 'mode')].sort();
  const pipeline = ['index', 'q', ...Object.keys(pipelineSpec.shape)].sort();

  it('reads the parameters from the schemas (lang, qlang, filter and legs among them)', () => {
    expect(shorthand).toEqual(expect.arrayContaining(['index', 'q', 'lang', 'qlang', 'filter']));
    expect(pipeline).toEqual(expect.arrayContaining(['legs', 'fusion', 'filter', 'k', 'level']));
  });

  it('GET /search/{mode}: each shorthand parameter is a query parameter; GET /search adds mode and legs', () => {
    const byMode = (doc.paths['/search/{mode}']!.get!.parameters ?? [])
      .filter((p) => p.in === 'query')
      .map((p) => p.name);
    expect(shorthand.filter((name) => !byMode.includes(name))).toEqual([]);
    const plain = (doc.paths['/search']!.get!.parameters ?? []).map((p) => p.name);
    expect([...shorthand, 'mode', ...pipeline].filter((name) => !plain.includes(name))).toEqual([]);
  });

  it('POST bodies: SearchRequest holds the shorthand parameters, PipelineRequest is the pipeline spec generated from zod', () => {
    expect(
      shorthand.filter((name) => !Object.keys(doc.components.schemas.SearchRequest!.properties ?? {}).includes(name)),
    ).toEqual([]);
    const body = doc.components.schemas.PipelineRequest!;
    expect(Object.keys(body.properties ?? {}).sort()).toEqual(pipeline);
    // Defaulted fields may be left out; legs, index and q may not.
    expect(body.required!.sort()).toEqual(['index', 'legs', 'q']);
    const legs = body.properties!.legs as {
      items: {
        oneOf?: { properties: { type: { const: string } } }[];
        anyOf?: { properties: { type: { const: string } } }[];
      };
    };
    const variants = legs.items.oneOf ?? legs.items.anyOf ?? [];
    // Every leg type a pipeline takes (the registry's rows, legs/registry.ts) is documented, and no other.
    expect(variants.map((v) => v.properties.type.const).sort()).toEqual([...LEG_TYPES].sort());
  });
});
