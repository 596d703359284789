import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { parseSearchSpec, pipelineForMode } from '../../src/pipeline/search-spec.js';

const fails = (f: () => unknown, field: string | undefined, message: RegExp) => {
  let caught: unknown;
  try {
    f();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(InputError);
  expect((caught as InputError).where.field).toBe(field);
  expect((caught as InputError).detail).toMatch(message);
};

describe('parsePipeline: one spec, every default in one place', () => {
  it('fills defaults: k 10, chunk level, postings engine; leg names default to the engine, "dense", "run"', () => {
    const p = parsePipeline({ legs: [{ type: 'lexical' }, { type: 'lexical', engine: 'fts5' }, { type: 'dense' }] });
    expect(p.k).toBe(10);
    expect(p.level).toBe('chunk');
    expect(p.legs.map((l) => l.name)).toEqual(['postings', 'fts5', 'dense']);
    expect(p.legs[0]).toMatchObject({ type: 'lexical', engine: 'postings' });
    // Several legs: fusion is always present, RRF k 60 over the first 100 hits, weight 1 each.
    expect(p.fusion).toEqual({ method: 'rrf', norm: 'minmax', rrfK: 60, weights: [1, 1, 1], depth: 100 });
  });

  it('one leg has no fusion, and refuses one', () => {
    expect(parsePipeline({ legs: [{ type: 'dense' }] }).fusion).toBeUndefined();
    fails(() => parsePipeline({ legs: [{ type: 'dense' }], fusion: { method: 'rrf' } }), 'fusion', /two legs or more/);
  });

  it('weights by name or in leg order; a missing name weighs 1; an unknown name, a wrong count or all zero is refused', () => {
    const legs = [
      { type: 'lexical', name: 'a' },
      { type: 'dense', name: 'b' },
      { type: 'lexical', engine: 'fts5', name: 'c' },
    ];
    expect(parsePipeline({ legs, fusion: { weights: { c: 2, a: 0.5 } } }).fusion!.weights).toEqual([0.5, 1, 2]);
    expect(parsePipeline({ legs, fusion: { weights: [3, 2, 1] } }).fusion!.weights).toEqual([3, 2, 1]);
    fails(() => parsePipeline({ legs, fusion: { weights: { z: 1 } } }), 'fusion.weights.z', /no leg is named "z"/);
    fails(() => parsePipeline({ legs, fusion: { weights: [1, 1] } }), 'fusion.weights', /2 weights for 3 legs/);
    fails(() => parsePipeline({ legs, fusion: { weights: [0, 0, 0] } }), 'fusion.weights', /every weight is 0/);
  });

  it('refuses two legs of one name, k1/b on fts5, a run leg at chunk level, and unknown keys at any depth', () => {
    fails(
      () => parsePipeline({ legs: [{ type: 'lexical' }, { type: 'lexical' }] }),
      'legs.1.name',
      /two legs are named "postings"/,
    );
    fails(
      () => parsePipeline({ legs: [{ type: 'lexical', engine: 'fts5', b: 0.5 }] }),
      'legs.0',
      /fts5's bm25\(\) fixes k1 1.2 and b 0.75/,
    );
    fails(() => parsePipeline({ legs: [{ type: 'run', file: 'x.trec' }] }), 'legs.0', /set level to doc/);
    expect(parsePipeline({ legs: [{ type: 'run', file: 'x.trec' }], level: 'doc' }).legs[0]).toEqual({
      type: 'run',
      name: 'run',
      file: 'x.trec',
    });
    fails(() => parsePipeline({ legs: [{ type: 'dense' }], kk: 3 }), 'kk', /unknown parameter "kk"/);
    fails(
      () => parsePipeline({ legs: [{ type: 'dense', engine: 'wink' }] }),
      'legs.0.engine',
      /unknown parameter "engine"/,
    );
    fails(() => parsePipeline({ legs: [{ type: 'sparse' }] }), 'legs.0.type', /./);
    fails(() => parsePipeline({ legs: [] }), 'legs', /./);
  });

  it('numbers are finite and in range whether given as numbers or strings', () => {
    expect(parsePipeline({ legs: [{ type: 'dense' }], k: '25' }).k).toBe(25);
    fails(
      () => parsePipeline({ legs: [{ type: 'dense' }], k: '1e309' }),
      'k',
      /k must be an integer from 1 to 1000, got "1e309"/,
    );
    fails(() => parsePipeline({ legs: [{ type: 'dense' }], k: 1001 }), 'k', /k must be an integer from 1 to 1000/);
    fails(
      () => parsePipeline({ legs: [{ type: 'dense' }, { type: 'lexical' }], fusion: { rrf_k: 0 } }),
      'fusion.rrf_k',
      /./,
    );
  });

  it('filters: values, in, ranges, lang as a code; anything else refused', () => {
    const p = parsePipeline({
      legs: [{ type: 'dense' }],
      filter: { lang: 'DE', year: { gte: 2020, lt: 2025 }, type: { in: ['faq', 'howto'] }, draft: false },
    });
    expect(p.filter).toEqual({
      lang: 'DE',
      year: { gte: 2020, lt: 2025 },
      type: { in: ['faq', 'howto'] },
      draft: false,
    });
    fails(
      () => parsePipeline({ legs: [{ type: 'dense' }], filter: { lang: 'german!' } }),
      'filter.lang',
      /language code/,
    );
    fails(() => parsePipeline({ legs: [{ type: 'dense' }], filter: { year: { gte: 'x' } } }), 'filter.year', /./);
    fails(
      () => parsePipeline({ legs: [{ type: 'dense' }], filter: { 'bad key': 1 } }),
      'filter.bad key',
      /metadata field name/,
    );
  });
});

describe('shorthands expand to the pipeline they name', () => {
  it('bm25 is one lexical leg named bm25; dense one dense leg; hybrid both, RRF by default', () => {
    expect(pipelineForMode('bm25').legs).toEqual([{ type: 'lexical', name: 'bm25', engine: 'postings' }]);
    expect(pipelineForMode('dense').legs).toEqual([{ type: 'dense', name: 'dense' }]);
    const hybrid = pipelineForMode('hybrid', { engine: 'fts5', rrf_k: '10', weights: '1,0.5', depth: '50' });
    expect(hybrid.legs.map((l) => l.name)).toEqual(['bm25', 'dense']);
    expect(hybrid.fusion).toEqual({ method: 'rrf', norm: 'minmax', rrfK: 10, weights: [1, 0.5], depth: 50 });
  });

  it('fusion=score is wsum with weights (1 - alpha, alpha) over the chosen normalisation', () => {
    const p = pipelineForMode('hybrid', { fusion: 'score', alpha: '0.25', norm: 'zscore' });
    expect(p.fusion).toEqual({ method: 'wsum', norm: 'zscore', rrfK: 60, weights: [0.75, 0.25], depth: 100 });
  });

  it("lang is the filter's lang; parameters of another mode are checked, then ignored", () => {
    expect(pipelineForMode('bm25', { lang: 'de', alpha: '0.3' })).toEqual({
      legs: [{ type: 'lexical', name: 'bm25', engine: 'postings' }],
      k: 10,
      level: 'chunk',
      filter: { lang: 'de' },
    });
    fails(() => pipelineForMode('bm25', { alpha: '2' }), 'alpha', /alpha must be a number in \[0, 1\], got 2/);
  });

  it('the same search written as a shorthand and as legs is the same pipeline', () => {
    const legs = {
      legs: [
        { type: 'lexical', name: 'bm25', engine: 'postings', k1: 1.2 },
        { type: 'dense', name: 'dense' },
      ],
      fusion: { method: 'rrf', rrf_k: 30 },
      k: 5,
      level: 'doc',
    };
    expect(parseSearchSpec(legs).pipeline).toEqual(
      pipelineForMode('hybrid', { k1: '1.2', rrf_k: '30', k: '5', level: 'doc' }),
    );
  });

  it('legs, fusion and filter may come as JSON text (a query string); mode and legs together are refused', () => {
    const fromText = parseSearchSpec({
      legs: '[{"type":"dense"},{"type":"lexical"}]',
      fusion: '{"method":"combmnz"}',
      filter: '{"year":2020}',
      k: '3',
    });
    expect(fromText.mode).toBe('pipeline');
    expect(fromText.pipeline).toMatchObject({ k: 3, fusion: { method: 'combmnz' }, filter: { year: 2020 } });
    fails(() => parseSearchSpec({ legs: '[{' }), 'legs', /legs must be JSON/);
    fails(() => parseSearchSpec({ legs: [{ type: 'dense' }], mode: 'bm25' }), 'mode', /either mode .* or legs/);
    fails(() => parseSearchSpec({ legs: [{ type: 'dense' }] }, { pathMode: 'bm25' }), 'legs', /send them to \/search/);
    fails(() => parseSearchSpec({ mode: 'dense' }, { pathMode: 'bm25' }), 'mode', /the mode is the path's/);
    fails(() => parseSearchSpec({ kk: '3' }), 'kk', /unknown parameter "kk"/);
  });
});
