import { describe, expect, it } from 'vitest';
import { retrieveCommand } from '../../src/cli/commands/retrieve-command.js';
import { searchCommand } from '../../src/cli/commands/search-command.js';
import { SEARCH_FLAGS, searchRequest } from '../../src/cli/search-options.js';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { parseSearchParams } from '../../src/search/search-params.js';
import { flagName, SEARCH_PARAM_NAMES, SEARCH_PARAMS, type ParamSpec } from '../../src/search/request-params.js';
import { shorthandParams } from '../../src/pipeline/shorthand.js';
import { RETRIEVER_PARAMS } from '../../src/pipeline/shorthand-rows.js';
import { apiDocument } from '../http/helpers/api-document.js';
import { readForm, searchParams } from '../../src/web/playground/form.js';

interface Doc {
  paths: Record<
    string,
    Record<string, { parameters?: { name: string; in: string; schema: Record<string, unknown> }[] }>
  >;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
}

const flagParams = SEARCH_PARAM_NAMES.filter((n) => n !== 'index' && n !== 'q');

describe('one table of search parameters, every spelling derived from it', () => {
  it('the table is generated from the zod schema that validates: the same names, ranges and defaults', () => {
    expect(['index', 'q', ...Object.keys(shorthandParams.shape).filter((n) => n !== 'mode')].sort()).toEqual(
      [...SEARCH_PARAM_NAMES].sort(),
    );
    // Each stated range is the validator's: one past it is refused, the bound itself is taken.
    expect(() =>
      parseSearchParams('bm25', { index: 'x', q: 'y', k: String(SEARCH_PARAMS.k.schema.maximum) }),
    ).not.toThrow();
    expect(() =>
      parseSearchParams('bm25', { index: 'x', q: 'y', k: String(Number(SEARCH_PARAMS.k.schema.maximum) + 1) }),
    ).toThrow(/k must be/);
    expect(() =>
      parseSearchParams('hybrid', {
        index: 'x',
        q: 'y',
        depth: String(Number(SEARCH_PARAMS.depth.schema.maximum) + 1),
      }),
    ).toThrow(/depth must be/);
    expect(() =>
      parseSearchParams('hybrid', {
        index: 'x',
        q: 'y',
        alpha: String(Number(SEARCH_PARAMS.alpha.schema.maximum) + 0.5),
      }),
    ).toThrow(/alpha must be/);
  });

  it('the CLI flags are the table names with - for _ (plus --mode and --pipeline), and each has a --help line', () => {
    expect(Object.keys(SEARCH_FLAGS).sort()).toEqual(['mode', 'pipeline', ...flagParams.map(flagName)].sort());
    for (const command of [searchCommand, retrieveCommand]) {
      for (const name of flagParams)
        expect(command.usage, `${command.name} --${flagName(name)}`).toMatch(
          new RegExp(`^  --${flagName(name)} `, 'm'),
        );
    }
    expect(flagName('rrf_k')).toBe('rrf-k');
  });

  it('OpenAPI documents each parameter with the table schema, as a query parameter and a body property', async () => {
    const doc = (await apiDocument()) as unknown as Doc;
    const params = doc.paths['/search/{mode}']!.get!.parameters!.filter((p) => p.in === 'query');
    expect(params.map((p) => p.name)).toEqual(SEARCH_PARAM_NAMES);
    for (const p of params)
      expect(p.schema, p.name).toEqual((SEARCH_PARAMS[p.name as keyof typeof SEARCH_PARAMS] as ParamSpec).schema);
    expect(Object.keys(doc.components.schemas.SearchRequest!.properties ?? {})).toEqual(SEARCH_PARAM_NAMES);
  });

  it('the playground sends every parameter under its table name', () => {
    const typed = Object.fromEntries(SEARCH_PARAM_NAMES.map((n) => [n, `v-${n}`]));
    expect(Object.keys(searchParams(readForm(typed))).sort()).toEqual([...SEARCH_PARAM_NAMES].sort());
  });

  it('an experiment retriever takes every retriever parameter of the table, and nothing else', () => {
    const retrieverParams = RETRIEVER_PARAMS;
    expect(retrieverParams).toEqual([
      'engine',
      'expansion',
      'k1',
      'b',
      'fusion',
      'rrf_k',
      'weights',
      'depth',
      'alpha',
      'norm',
      'lang',
      'filter',
    ]);
    const fields = retrieverParams
      .filter((n) => (SEARCH_PARAMS[n] as ParamSpec).schema.default !== undefined)
      .map((n) => `${n}: ${JSON.stringify((SEARCH_PARAMS[n] as ParamSpec).schema.default)}`)
      .join(', ');
    const yaml = (extra: string) =>
      `name: t\ncorpus: corpora/demo\ngrid:\n  retrievers:\n    - { name: h, mode: hybrid, ${extra} }\n`;
    expect(() => parseExperimentConfig(yaml(fields), 'exp.yaml')).not.toThrow();
    expect(() => parseExperimentConfig(yaml('lang: de'), 'exp.yaml')).not.toThrow();
    expect(() => parseExperimentConfig(yaml('kk: 3'), 'exp.yaml')).toThrow(/unknown parameter "kk"/);
    expect(() => parseExperimentConfig(yaml('level: doc'), 'exp.yaml')).toThrow(/level is the experiment's/);
  });

  it('the defaults the table states are the defaults a request gets, over HTTP and on the CLI', () => {
    const http = parseSearchParams('hybrid', { index: 'x', q: 'y' });
    const cli = searchRequest({ mode: 'hybrid' }, 'y', {
      k: SEARCH_PARAMS.k.schema.default as number,
      level: SEARCH_PARAMS.level.schema.default as 'chunk' | 'doc',
    });
    for (const req of [http, cli]) {
      const { k, level, legs, fusion } = req.pipeline;
      expect(k).toBe(SEARCH_PARAMS.k.schema.default);
      expect(level).toBe(SEARCH_PARAMS.level.schema.default);
      expect(legs[0]).toMatchObject({ type: 'lexical', engine: SEARCH_PARAMS.engine.schema.default });
      expect(fusion).toEqual({
        method: 'rrf',
        norm: 'minmax',
        rrfK: SEARCH_PARAMS.rrf_k.schema.default,
        weights: [1, 1],
        depth: SEARCH_PARAMS.depth.schema.default,
      });
    }
    expect(SEARCH_PARAMS.weights.schema.default).toBe('1,1');
  });
});
