import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import {
  DEFAULT_FUSION,
  FUSION_DEFAULTS,
  parseFusionOptions,
  type RawFusionParams,
} from '../../src/fusion/options.js';

describe('FUSION_DEFAULTS', () => {
  it('are rrf k 60, weights 1/1, depth 100; score alpha 0.5, min-max, depth 100', () => {
    expect(FUSION_DEFAULTS).toEqual({
      rrf: { method: 'rrf', k: 60, weights: { bm25: 1, dense: 1 }, depth: 100 },
      score: { method: 'score', alpha: 0.5, normalization: 'minmax', depth: 100 },
    });
    expect(DEFAULT_FUSION).toEqual(FUSION_DEFAULTS.rrf);
  });
});

describe('parseFusionOptions', () => {
  it('fills in defaults, in fresh objects', () => {
    expect(parseFusionOptions({})).toEqual(FUSION_DEFAULTS.rrf);
    expect(parseFusionOptions({ fusion: 'score' })).toEqual(FUSION_DEFAULTS.score);
    const options = parseFusionOptions({});
    if (options.method === 'rrf') options.weights.bm25 = 5;
    expect(FUSION_DEFAULTS.rrf.weights.bm25).toBe(1);
  });

  it('reads rrf parameters from strings or numbers', () => {
    const expected = { method: 'rrf', k: 10, weights: { bm25: 1, dense: 0.5 }, depth: 50 };
    expect(parseFusionOptions({ fusion: 'rrf', rrf_k: '10', weights: '1,0.5', depth: '50' })).toEqual(expected);
    expect(parseFusionOptions({ rrf_k: 10, weights: ' 1 , .5 ', depth: 50 })).toEqual(expected);
    expect(parseFusionOptions({ weights: '0,2' })).toMatchObject({ weights: { bm25: 0, dense: 2 } });
    expect(parseFusionOptions({ rrf_k: '1e-3' })).toMatchObject({ k: 0.001 });
  });

  it('reads score parameters', () => {
    expect(parseFusionOptions({ fusion: 'score', alpha: '0.25', norm: 'zscore', depth: 7 })).toEqual({
      method: 'score',
      alpha: 0.25,
      normalization: 'zscore',
      depth: 7,
    });
  });

  it('accepts the bounds', () => {
    expect(parseFusionOptions({ depth: 1 }).depth).toBe(1);
    expect(parseFusionOptions({ depth: '10000' }).depth).toBe(10000);
    expect(parseFusionOptions({ fusion: 'score', alpha: 0 })).toMatchObject({ alpha: 0 });
    expect(parseFusionOptions({ fusion: 'score', alpha: '1' })).toMatchObject({ alpha: 1 });
  });

  it("treats empty strings as absent and ignores (valid) parameters of the other method", () => {
    expect(parseFusionOptions({ fusion: '', rrf_k: '', alpha: ' ' })).toEqual(FUSION_DEFAULTS.rrf);
    expect(parseFusionOptions({ fusion: 'rrf', alpha: '0.3', norm: 'zscore' })).toEqual(FUSION_DEFAULTS.rrf);
    expect(parseFusionOptions({ fusion: 'score', rrf_k: '5', weights: '1,2' })).toEqual(FUSION_DEFAULTS.score);
  });

  const bad: [RawFusionParams, string, string][] = [
    [{ fusion: 'bm25' }, 'fusion', '"bm25"'],
    [{ fusion: 3 }, 'fusion', '3'],
    [{ rrf_k: '0' }, 'rrf_k', '"0"'],
    [{ rrf_k: -1 }, 'rrf_k', '-1'],
    [{ rrf_k: 'abc' }, 'rrf_k', '"abc"'],
    [{ rrf_k: '0x10' }, 'rrf_k', '"0x10"'],
    [{ rrf_k: 'Infinity' }, 'rrf_k', '"Infinity"'],
    [{ rrf_k: Number.NaN }, 'rrf_k', 'NaN'],
    [{ weights: '1' }, 'weights', '"1"'],
    [{ weights: 1 }, 'weights', '1'],
    [{ weights: '1,2,3' }, 'weights', '"1,2,3"'],
    [{ weights: '1,' }, 'weights', '"1,"'],
    [{ weights: '-1,1' }, 'weights', '"-1,1"'],
    [{ weights: '0,0' }, 'weights', '"0,0"'],
    [{ weights: 'a,b' }, 'weights', '"a,b"'],
    [{ depth: '0' }, 'depth', '"0"'],
    [{ depth: 10001 }, 'depth', '10001'],
    [{ depth: '1.5' }, 'depth', '"1.5"'],
    [{ depth: 'ten' }, 'depth', '"ten"'],
    [{ fusion: 'score', alpha: '-0.1' }, 'alpha', '"-0.1"'],
    [{ fusion: 'score', alpha: 1.01 }, 'alpha', '1.01'],
    [{ fusion: 'score', alpha: 'half' }, 'alpha', '"half"'],
    [{ fusion: 'score', norm: 'l2' }, 'norm', '"l2"'],
    // Validated even when the method does not use it: a bad value is a mistake either way.
    [{ fusion: 'rrf', alpha: '2' }, 'alpha', '"2"'],
    [{ fusion: 'score', weights: '0,0' }, 'weights', '"0,0"'],
  ];

  it.each(bad)('rejects %j naming %s and the value %s', (raw, param, shown) => {
    let error: unknown;
    try {
      parseFusionOptions(raw);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    const message = (error as InputError).message;
    expect(message.startsWith(`${param} must be`)).toBe(true);
    expect(message).toContain(`got ${shown}`);
  });

  it('says what it expected', () => {
    expect(() => parseFusionOptions({ fusion: 'x' })).toThrow('fusion must be one of "rrf", "score", got "x"');
    expect(() => parseFusionOptions({ depth: 0 })).toThrow('depth must be an integer from 1 to 10000, got 0');
    expect(() => parseFusionOptions({ fusion: 'score', alpha: 2 })).toThrow('alpha must be a number in [0, 1], got 2');
  });
});
