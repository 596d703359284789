import { describe, expect, it } from 'vitest';
import { inputSide } from '../../src/http/openapi/input-side.js';
import { SEARCH_PARAMS } from '../../src/search/request-params.js';
import { apiDocument } from './helpers/api-document.js';

/**
 * Request schemas say their defaults in descriptions, not as `default` (issue 43): openapi-typescript
 * reads a component's `default` as "always present" and made a bare pipeline leg fail to compile.
 */
type Json = Record<string, unknown>;

describe('inputSide', () => {
  it('moves each default into its description, at any depth, and leaves values and field names alone', () => {
    const schema = {
      type: 'object',
      required: ['q'],
      properties: {
        q: { type: 'string' },
        k: { type: 'integer', default: 10, description: 'hits to return' },
        fusion: { type: 'object', properties: { norm: { type: 'string', default: 'minmax' } } },
        // A field named `default` is a field, and an example's keys are data.
        default: { type: 'boolean', default: false, examples: [{ default: 1 }] },
      },
    };
    expect(inputSide(schema)).toEqual({
      type: 'object',
      required: ['q'],
      properties: {
        q: { type: 'string' },
        k: { type: 'integer', description: 'hits to return (default: 10)' },
        fusion: { type: 'object', properties: { norm: { type: 'string', description: 'default: minmax' } } },
        default: { type: 'boolean', description: 'default: false', examples: [{ default: 1 }] },
      },
    });
  });
});

const doc = (await apiDocument()) as {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
  components: { schemas: Record<string, unknown> };
};

describe('the served document', () => {
  /** Where a `default` keyword sits in `node`, following $refs into the components (each once). */
  function defaults(node: unknown, at: string, seen: Set<string>): string[] {
    if (Array.isArray(node)) return node.flatMap((n, i) => defaults(n, `${at}/${i}`, seen));
    if (!node || typeof node !== 'object') return [];
    const found: string[] = [];
    const { $ref, default: value, example: _example, examples: _examples, ...rest } = node as Json;
    if (value !== undefined) found.push(at);
    if (typeof $ref === 'string' && !seen.has($ref)) {
      seen.add($ref);
      const name = $ref.replace('#/components/schemas/', '');
      found.push(...defaults(doc.components.schemas[name], $ref, seen));
    }
    for (const [key, child] of Object.entries(rest)) {
      const into = key === 'properties' ? Object.values(child as Json) : child;
      found.push(...defaults(into, `${at}/${key}`, seen));
    }
    return found;
  }

  it('has no `default` in any schema a request body is checked against', () => {
    const bodies = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops).flatMap(([method, op]) =>
        Object.values(op.requestBody?.content ?? {}).map((media) => ({ at: `${method} ${p}`, schema: media.schema })),
      ),
    );
    expect(bodies.length).toBeGreaterThan(8);
    expect(bodies.flatMap(({ at, schema }) => defaults(schema, at, new Set()))).toEqual([]);
  });

  it('keeps the defaults of answers: a settled pipeline states its k', () => {
    const pipeline = doc.components.schemas.Pipeline as { properties: { k: Json } };
    expect(pipeline.properties.k.default).toBe(SEARCH_PARAMS.k.schema.default);
  });
});
