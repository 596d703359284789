import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { agreementWeight, cohensKappa } from '../../src/stats/kappa.js';

/** Paired labels from a confusion matrix: cell [i][j] holds pairs labelled (low + i, low + j). */
function pairsOf(matrix: number[][], low = 0): [number, number][] {
  const pairs: [number, number][] = [];
  matrix.forEach((row, i) => row.forEach((count, j) => pairs.push(...Array(count).fill([low + i, low + j]))));
  return pairs;
}

describe('cohensKappa: textbook two-label example', () => {
  // 50 items: both say yes 20, A yes B no 5, A no B yes 10, both no 15.
  // p_o = (20 + 15)/50 = 0.7; A says yes 25/50, B 30/50: p_e = 0.5·0.6 + 0.5·0.4 = 0.5.
  const pairs = pairsOf([
    [15, 10],
    [5, 20],
  ]);

  it('gives kappa = (0.7 - 0.5) / (1 - 0.5) = 0.4, with p_o and p_e', () => {
    const result = cohensKappa(pairs);
    expect(result.n).toBe(50);
    expect(result.observed).toBeCloseTo(0.7, 12);
    expect(result.expected).toBeCloseTo(0.5, 12);
    expect(result.kappa).toBeCloseTo((0.7 - 0.5) / (1 - 0.5), 12);
    expect(result.undefinedReason).toBeUndefined();
  });

  it('weighting changes nothing with two labels: the only disagreement is a full one', () => {
    expect(cohensKappa(pairs, { weighting: 'linear' }).kappa).toBeCloseTo(0.4, 12);
    expect(cohensKappa(pairs, { weighting: 'quadratic' }).kappa).toBeCloseTo(0.4, 12);
  });
});

describe('cohensKappa: a 3x3 worked example on grades 0-2', () => {
  // n = 10. Rows (judge A) sum to 4, 4, 2; columns (judge B) to 4, 3, 3.
  const matrix = [
    [3, 1, 0],
    [1, 2, 1],
    [0, 0, 2],
  ];
  const pairs = pairsOf(matrix);
  // Diagonal: 3 + 2 + 2 = 7 pairs. One step apart: (0,1) (1,0) (1,2) (2,1) = 1 + 1 + 1 + 0 = 3.
  // Chance on the diagonal: r0c0 + r1c1 + r2c2 = (4·4 + 4·3 + 2·3)/100 = 0.34;
  // one step apart: r0c1 + r1c0 + r1c2 + r2c1 = (4·3 + 4·4 + 4·3 + 2·3)/100 = 0.46.
  const diagonal = 7 / 10;
  const oneStep = 3 / 10;
  const chanceDiagonal = 0.34;
  const chanceOneStep = 0.46;

  it('unweighted: p_o = 0.7, p_e = 0.34', () => {
    const result = cohensKappa(pairs);
    expect(result.labels).toEqual([0, 1, 2]);
    expect(result.matrix).toEqual(matrix);
    expect(result.observed).toBeCloseTo(diagonal, 12);
    expect(result.expected).toBeCloseTo(chanceDiagonal, 12);
    expect(result.kappa).toBeCloseTo((diagonal - chanceDiagonal) / (1 - chanceDiagonal), 12);
  });

  it('linear weights, k = 3: one step apart counts 1 - 1/2', () => {
    const po = diagonal + 0.5 * oneStep;
    const pe = chanceDiagonal + 0.5 * chanceOneStep;
    const result = cohensKappa(pairs, { weighting: 'linear' });
    expect(result.observed).toBeCloseTo(po, 12);
    expect(result.expected).toBeCloseTo(pe, 12);
    expect(result.kappa).toBeCloseTo((po - pe) / (1 - pe), 12);
  });

  it('quadratic weights, k = 3: one step apart counts 1 - 1/4', () => {
    const po = diagonal + 0.75 * oneStep;
    const pe = chanceDiagonal + 0.75 * chanceOneStep;
    const result = cohensKappa(pairs, { weighting: 'quadratic' });
    expect(result.kappa).toBeCloseTo((po - pe) / (1 - pe), 12);
  });

  it('on the full scale 0-3 (k = 4) distances shrink: one step 2/3, two steps 1/3', () => {
    // Two steps apart: cells (0,2) and (2,0) hold no pairs; chance r0c2 + r2c0 = (4·3 + 2·4)/100.
    const po = diagonal + (2 / 3) * oneStep + (1 / 3) * 0;
    const pe = chanceDiagonal + (2 / 3) * chanceOneStep + (1 / 3) * 0.2;
    const result = cohensKappa(pairs, { weighting: 'linear', scale: [0, 3] });
    expect(result.labels).toEqual([0, 1, 2, 3]);
    expect(result.matrix[3]).toEqual([0, 0, 0, 0]);
    expect(result.kappa).toBeCloseTo((po - pe) / (1 - pe), 12);
    // Unweighted kappa ignores an unused label.
    expect(cohensKappa(pairs, { scale: [0, 3] }).kappa).toBeCloseTo(cohensKappa(pairs).kappa, 12);
  });
});

describe('cohensKappa: limits', () => {
  it('perfect agreement over two labels is 1; exact opposites with balanced labels are -1', () => {
    expect(
      cohensKappa([
        [0, 0],
        [1, 1],
        [1, 1],
        [0, 0],
      ]).kappa,
    ).toBe(1);
    // p_o = 0, p_e = 0.5·0.5 + 0.5·0.5 = 0.5: kappa = -0.5/0.5.
    expect(
      cohensKappa([
        [0, 1],
        [1, 0],
      ]).kappa,
    ).toBe(-1);
  });

  it('all one label: expected agreement 1, kappa NaN with the reason said', () => {
    const result = cohensKappa(
      [
        [2, 2],
        [2, 2],
        [2, 2],
      ],
      { weighting: 'linear', scale: [0, 3] },
    );
    expect(result.observed).toBe(1);
    expect(result.expected).toBe(1);
    expect(result.kappa).toBeNaN();
    expect(result.undefinedReason).toMatch(/expected agreement is 1/);
  });

  it('no pairs: NaN with a reason', () => {
    const result = cohensKappa([]);
    expect(result.kappa).toBeNaN();
    expect(result.undefinedReason).toBe('no paired labels');
  });

  it('refuses labels that are not integers or fall outside the scale', () => {
    expect(() => cohensKappa([[0.5, 1]])).toThrow(InputError);
    expect(() => cohensKappa([[0, 4]], { scale: [0, 3] })).toThrow(/label 4 is outside the scale 0 to 3/);
    expect(() => cohensKappa([[0, 1]], { scale: [3, 0] })).toThrow(/lowest first/);
  });

  it('agreement weights follow the formulas', () => {
    expect(agreementWeight(0, 3, 4, 'none')).toBe(0);
    expect(agreementWeight(0, 1, 4, 'linear')).toBeCloseTo(1 - 1 / 3, 12);
    expect(agreementWeight(3, 1, 4, 'quadratic')).toBeCloseTo(1 - 4 / 9, 12);
    expect(agreementWeight(2, 2, 4, 'quadratic')).toBe(1);
  });
});
