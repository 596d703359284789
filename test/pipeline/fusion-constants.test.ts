import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { fuseLists } from '../../src/fusion/fuse-lists.js';
import type { Hit } from '../../src/ranking/hit.js';
import { fuseLegs } from '../../src/pipeline/fuse-legs.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';

const legs = [{ type: 'lexical' }, { type: 'dense' }];

const refusal = (fusion: object) => {
  try {
    parsePipeline({ legs, fusion });
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return { field: (err as InputError).where.field, detail: (err as InputError).detail };
  }
  throw new Error('not refused');
};

describe("a pipeline's fusion.gamma, fusion.sigma and fusion.norm: borda", () => {
  it('are settled when given, and absent otherwise (a pipeline without them keeps its settled form)', () => {
    expect(parsePipeline({ legs, fusion: { method: 'combgmnz', gamma: 0.2 } }).fusion).toEqual({
      method: 'combgmnz',
      norm: 'minmax',
      rrfK: 60,
      gamma: 0.2,
      weights: [1, 1],
      depth: 100,
    });
    expect(parsePipeline({ legs, fusion: { method: 'logn_isr', sigma: 0.5 } }).fusion).toMatchObject({ sigma: 0.5 });
    expect(parsePipeline({ legs, fusion: { method: 'combgmnz' } }).fusion).not.toHaveProperty('gamma');
    expect(parsePipeline({ legs, fusion: { method: 'combsum', norm: 'borda' } }).fusion).toMatchObject({
      norm: 'borda',
    });
  });

  it('are refused for a method that does not read them, and out of bounds, naming the field', () => {
    expect(refusal({ method: 'combsum', gamma: 0.5 })).toEqual({
      field: 'fusion.gamma',
      detail: 'gamma is read by combgmnz only, not combsum',
    });
    expect(refusal({ method: 'rrf', sigma: 0.5 })).toEqual({
      field: 'fusion.sigma',
      detail: 'sigma is read by logn_isr only, not rrf',
    });
    expect(refusal({ method: 'combgmnz', gamma: -1 }).field).toBe('fusion.gamma');
    expect(refusal({ method: 'logn_isr', sigma: 1.5 }).field).toBe('fusion.sigma');
    expect(refusal({ method: 'combgmnz', gamma: 'half' }).field).toBe('fusion.gamma');
  });

  it('reach the method: fusing hits with γ 0 ranks as combsum', () => {
    const hit = (id: string, rank: number, score: number): Hit => ({
      id,
      docId: id,
      chunkId: id,
      score,
      rank,
      sources: {},
    });
    const a = { name: 'a', hits: [hit('x', 1, 3), hit('y', 2, 2), hit('z', 3, 1)] };
    const b = { name: 'b', hits: [hit('z', 1, 0.9), hit('w', 2, 0.2)] };
    const fusion = parsePipeline({ legs, fusion: { method: 'combgmnz', gamma: 0, norm: 'zscore' } }).fusion!;
    const lists = [a, b].map((l) => ({ name: l.name, items: l.hits.map((h) => ({ id: h.id, score: h.score })) }));
    const combsum = fuseLists(lists, { method: 'combsum', norm: 'zscore' });
    expect(fuseLegs([a, b], fusion).map((h) => [h.id, h.score])).toEqual(combsum.map((f) => [f.id, f.score]));
    const gamma1 = fuseLegs([a, b], { ...fusion, gamma: 1 });
    expect(gamma1.map((h) => [h.id, h.score])).toEqual(
      fuseLists(lists, { method: 'combmnz', norm: 'zscore' }).map((f) => [f.id, f.score]),
    );
  });
});
