import { describe, expect, it } from 'vitest';
import { meanPoolNormalized } from '../../src/embedders/transformers-pooling.js';

const WIDTH = 3;

/** A [1, tokens, WIDTH] hidden-state tensor and an all-ones-then-zeros mask. */
function oneText(tokens: number[][], real: number): [Float32Array, BigInt64Array, [number, number, number]] {
  const mask = BigInt64Array.from(tokens.map((_, i) => (i < real ? 1n : 0n)));
  return [Float32Array.from(tokens.flat()), mask, [1, tokens.length, WIDTH]];
}

const norm = (v: Float32Array) => Math.hypot(...v);

describe('meanPoolNormalized', () => {
  it('gives unit-length vectors', () => {
    const [h, m, dims] = oneText(
      [
        [1, 2, 3],
        [4, -5, 6],
      ],
      2,
    );
    expect(norm(meanPoolNormalized(h, m, dims)[0]!)).toBeCloseTo(1, 6);
  });

  it('ignores masked (padding) positions whatever they hold', () => {
    const a = meanPoolNormalized(
      ...oneText(
        [
          [1, 2, 3],
          [4, -5, 6],
          [0, 0, 0],
        ],
        2,
      ),
    );
    const b = meanPoolNormalized(
      ...oneText(
        [
          [1, 2, 3],
          [4, -5, 6],
          [90, 90, -90],
        ],
        2,
      ),
    );
    expect(b).toEqual(a);
  });

  it('does not depend on token order, and one token gives that token scaled to unit length', () => {
    const ab = meanPoolNormalized(
      ...oneText(
        [
          [1, 2, 3],
          [4, -5, 6],
        ],
        2,
      ),
    )[0]!;
    const ba = meanPoolNormalized(
      ...oneText(
        [
          [4, -5, 6],
          [1, 2, 3],
        ],
        2,
      ),
    )[0]!;
    ab.forEach((x, i) => expect(ba[i]).toBeCloseTo(x, 6));
    const single = meanPoolNormalized(...oneText([[3, 0, 4]], 1))[0]!;
    expect(Array.from(single)).toEqual([3 / 5, 0, 4 / 5].map(Math.fround));
  });

  it('pools each text of a batch separately', () => {
    const hidden = Float32Array.from([1, 0, 0, 0, 0, 0, /* text 2 */ 0, 1, 0, 0, 1, 0]);
    const mask = BigInt64Array.from([1n, 0n, 1n, 1n]);
    const [first, second] = meanPoolNormalized(hidden, mask, [2, 2, WIDTH]);
    expect(Array.from(first!)).toEqual([1, 0, 0]);
    expect(Array.from(second!)).toEqual([0, 1, 0]);
  });
});
