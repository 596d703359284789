import { describe, expect, it, vi } from 'vitest';
import { numberParam } from '../../src/schemas/param-types.js';

/**
 * One row added to the table, nothing else edited: it must show up in every surface. The row is
 * a made-up `min_score`, its own (no pipeline field owns it), in [0, 1].
 */
vi.mock('../../src/pipeline/shorthand-rows.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/pipeline/shorthand-rows.js')>();
  const table = {
    ...original.SHORTHAND_ROWS,
    min_score: {
      schema: numberParam('min_score', { min: 0, max: 1 }).optional().describe('drop hits scored below this'),
      metavar: 'S',
    },
  };
  return { ...original, SHORTHAND_ROWS: table, ...original.rowLists(table) };
});

const { searchCommand } = await import('../../src/cli/commands/search-command.js');
const { retrieveCommand } = await import('../../src/cli/commands/retrieve-command.js');
const { SEARCH_FLAGS } = await import('../../src/cli/search-options.js');
const { parseExperimentConfig } = await import('../../src/experiments/config.js');
const { apiDocument } = await import('../http/helpers/api-document.js');
const { shorthandParams } = await import('../../src/pipeline/shorthand.js');
const { parseSearchParams } = await import('../../src/search/search-params.js');
const { FORM_FIELDS } = await import('../../src/web/playground/form.js');

interface Doc {
  paths: Record<string, Record<string, { parameters?: { name: string; schema: unknown; description: string }[] }>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
}

describe('a row added to the shorthand table appears everywhere with no other edit', () => {
  it('is validated in every spelling, under its name', () => {
    expect(shorthandParams.safeParse({ min_score: '0.5' }).success).toBe(true);
    expect(() => parseSearchParams('bm25', { index: 'i', q: 'q', min_score: '2' })).toThrow(
      'min_score must be a number in [0, 1], got 2',
    );
  });

  it('is a CLI flag of search and retrieve with a --help line', () => {
    expect(SEARCH_FLAGS).toHaveProperty('min-score', { type: 'string' });
    for (const command of [searchCommand, retrieveCommand])
      expect(command.usage).toMatch(/^ {2}--min-score S +drop hits scored below this$/m);
  });

  it('is an OpenAPI query parameter and a SearchRequest property', async () => {
    const doc = (await apiDocument()) as unknown as Doc;
    const param = doc.paths['/search/{mode}']!.get!.parameters!.find((p) => p.name === 'min_score');
    expect(param).toMatchObject({
      description: 'drop hits scored below this',
      schema: { type: 'number', minimum: 0, maximum: 1 },
    });
    expect(Object.keys(doc.components.schemas.SearchRequest!.properties!)).toContain('min_score');
  });

  it('is a playground form field', () => {
    expect(FORM_FIELDS).toContain('min_score');
  });

  it('is a YAML retriever field, its errors located', () => {
    const yaml = (value: string) =>
      `name: t\ncorpus: corpora/demo\ngrid:\n  retrievers:\n    - name: h\n      mode: bm25\n      min_score: ${value}\n`;
    expect(() => parseExperimentConfig(yaml('0.5'), 'e.yaml')).not.toThrow();
    expect(() => parseExperimentConfig(yaml('7'), 'e.yaml')).toThrow(
      'e.yaml:7 (field "grid.retrievers.0.min_score"): min_score must be a number in [0, 1], got 7',
    );
  });
});
