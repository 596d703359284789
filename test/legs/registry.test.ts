import { describe, expect, it } from 'vitest';
import type { z } from 'zod/v4';
import { apiDocument } from '../http/helpers/api-document.js';
import { legUnion } from '../../src/legs/leg-schema.js';
import { legFiles } from '../../src/legs/leg-traits.js';
import { LEG_TYPES, LEGS, type LegType, legTypes, registerLegType } from '../../src/legs/registry.js';
import { pipelineSpec } from '../../src/pipeline/pipeline-spec.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { shortestFirstLeg } from '../fixtures/legs/shortest-first-leg.js';

/** The smallest leg of each built-in type a pipeline takes (a run leg needs document level). */
const url = 'http://127.0.0.1:9';
const MINIMAL: Record<LegType, Record<string, unknown>> = {
  lexical: { type: 'lexical' },
  rm3: { type: 'rm3' },
  rocchio: { type: 'rocchio' },
  bo1: { type: 'bo1' },
  dense: { type: 'dense' },
  run: { type: 'run', file: 'x.run' },
  http: { type: 'http', url, hits: 'hits', id: 'id', score: 'score' },
  opensearch: { type: 'opensearch', url, index: 'i' },
  elasticsearch: { type: 'elasticsearch', url, index: 'i' },
  qdrant: { type: 'qdrant', url, collection: 'c' },
  'opensearch-hybrid': { type: 'opensearch-hybrid', url, index: 'i' },
  'elasticsearch-rrf': { type: 'elasticsearch-rrf', url, index: 'i' },
  'qdrant-fusion': { type: 'qdrant-fusion', url, collection: 'c', lexical_using: 'bm25' },
  postgres: { type: 'postgres', url: 'postgres://testbed@127.0.0.1:9/db', table: 't', config: 'english' },
};

type UnionOption = z.ZodObject<{ type: z.ZodLiteral<string> }>;
const unionOptions = () => (legUnion() as unknown as z.ZodDiscriminatedUnion<UnionOption[]>).options;

describe('the leg registry: every surface is derived from its rows', () => {
  it('LEG_TYPES and legTypes() are the rows, in row order, each row keyed by its own type', () => {
    expect(LEG_TYPES).toEqual(Object.keys(LEGS));
    expect(legTypes()).toEqual(LEG_TYPES);
    for (const [key, row] of Object.entries(LEGS)) expect(row.type).toBe(key);
  });

  it("the pipeline's leg union has one option per row: its type, an optional name and the row's fields", () => {
    expect(unionOptions().map((o) => o.shape.type.value)).toEqual(legTypes());
    for (const option of unionOptions()) {
      const row = LEGS[option.shape.type.value as LegType];
      expect(Object.keys(option.shape)).toEqual(['type', 'name', ...Object.keys(row.fields)]);
      expect(option.description).toBe(row.description);
    }
  });

  it("a leg with no name gets its row's default name", () => {
    for (const type of LEG_TYPES) {
      const [leg] = parsePipeline({ legs: [MINIMAL[type]], level: 'doc' }).legs;
      // The row says it, reading the parsed leg (a lexical leg is named by its engine: postings by default).
      expect(leg!.name).toBe((LEGS[type].defaultName as (l: unknown) => string)(leg));
    }
    expect(parsePipeline({ legs: [MINIMAL.lexical] }).legs[0]!.name).toBe('postings');
    expect(parsePipeline({ legs: [MINIMAL.http] }).legs[0]!.name).toBe('http');
  });

  it('the files a leg reads (an experiment keys its cache by their content): a run leg its run file, the others none', () => {
    // One pipeline per type: a pipeline holds at most 8 legs.
    const legs = LEG_TYPES.map((t) => parsePipeline({ legs: [{ ...MINIMAL[t], name: t }], level: 'doc' }).legs[0]!);
    expect(legs.map((l) => [l.name, legFiles(l)])).toEqual(LEG_TYPES.map((t) => [t, t === 'run' ? ['x.run'] : []]));
  });

  it("the OpenAPI document's leg types are the rows'", async () => {
    const doc = (await apiDocument()) as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    const legs = doc.components.schemas.PipelineRequest!.properties.legs as {
      items: {
        oneOf?: { properties: { type: { const: string } } }[];
        anyOf?: { properties: { type: { const: string } } }[];
      };
    };
    expect((legs.items.oneOf ?? legs.items.anyOf ?? []).map((v) => v.properties.type.const)).toEqual(legTypes());
  });

  it('the derived schemas are made once per change of the rows, and again after one', () => {
    const before = legUnion();
    expect(legUnion()).toBe(before);
    const unregister = registerLegType(shortestFirstLeg);
    try {
      expect(() => registerLegType(shortestFirstLeg)).toThrow('a leg type is already named "shortest-first"');
      expect(legTypes()).toEqual([...LEG_TYPES, 'shortest-first']);
      expect(legUnion()).not.toBe(before);
      // The pipeline's schema, built once at import, takes the new leg type when it reads a pipeline.
      expect(pipelineSpec.safeParse({ legs: [{ type: 'shortest-first' }] }).success).toBe(true);
    } finally {
      unregister();
    }
    expect(legTypes()).toEqual(LEG_TYPES);
    expect(pipelineSpec.safeParse({ legs: [{ type: 'shortest-first' }] }).success).toBe(false);
    // Removing twice changes nothing more.
    unregister();
    expect(legTypes()).toEqual(LEG_TYPES);
  });
});
