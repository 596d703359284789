import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { judgeAgreements, qrelsAgreement } from '../../src/gold/agreement.js';
import type { Addition } from '../../src/gold/types.js';

const at = (day: number) => `2025-01-${String(day).padStart(2, '0')}T00:00:00.000Z`;
const by = (judge: string | undefined, query_id: string, doc_id: string, grade: number, day = 1): Addition => ({
  query_id,
  doc_id,
  grade,
  date: at(day),
  ...(judge !== undefined && { judge }),
});

// Alice and Bob both judged four pairs; Alice first gave (q1, d1) a 0 and later a 2, and only the
// later one counts. Carol judged one pair, also judged by Alice and Bob. Grades seen: 0 to 2.
const ADDITIONS: Addition[] = [
  by('alice', 'q1', 'd1', 0, 1),
  by('bob', 'q1', 'd1', 2, 2),
  by('alice', 'q1', 'd1', 2, 3),
  by('alice', 'q1', 'd2', 1),
  by('bob', 'q1', 'd2', 0),
  by('alice', 'q2', 'd1', 2),
  by('bob', 'q2', 'd1', 2),
  by('alice', 'q3', 'd1', 0),
  by('bob', 'q3', 'd1', 0),
  by('carol', 'q3', 'd1', 1),
  by(undefined, 'q9', 'd9', 1),
];

describe('judgeAgreements', () => {
  it('alice against bob, worked by hand', () => {
    const { judges, agreements, withoutJudge } = judgeAgreements(ADDITIONS, { judges: ['alice', 'bob'] });
    expect(judges).toEqual([
      { judge: 'alice', pairs: 4 },
      { judge: 'bob', pairs: 4 },
    ]);
    expect(withoutJudge).toBe(1);
    const [ab] = agreements;
    // Rows alice, columns bob, grades 0-2: (q3,d1) 0/0, (q1,d2) 1/0, (q1,d1) 2/2, (q2,d1) 2/2.
    expect(ab!.pairs).toBe(4);
    expect(ab!.kappa.matrix).toEqual([
      [1, 0, 0],
      [1, 0, 0],
      [0, 0, 2],
    ]);
    // Rows 1, 1, 2 and columns 2, 0, 2 of 4: p_o = 3/4, p_e = (1·2 + 1·0 + 2·2)/16.
    const po = 3 / 4;
    const pe = 6 / 16;
    expect(ab!.kappa.observed).toBeCloseTo(po, 12);
    expect(ab!.kappa.kappa).toBeCloseTo((po - pe) / (1 - pe), 12);
    // Linear, k = 3: one step off counts 1/2. Off-by-one cell (1,0) holds 1 pair; chance of one
    // step off: r0c1 + r1c0 + r1c2 + r2c1 = (1·0 + 1·2 + 1·2 + 2·0)/16.
    const lpo = po + 0.5 * (1 / 4);
    const lpe = pe + 0.5 * (4 / 16);
    expect(ab!.linear.kappa).toBeCloseTo((lpo - lpe) / (1 - lpe), 12);
  });

  it('every pair of judges in name order by default, on one shared scale', () => {
    const { agreements } = judgeAgreements(ADDITIONS);
    expect(agreements.map((a) => [a.a, a.b, a.pairs])).toEqual([
      ['alice', 'bob', 4],
      ['alice', 'carol', 1],
      ['bob', 'carol', 1],
    ]);
    expect(agreements.every((a) => a.kappa.labels.join() === '0,1,2')).toBe(true);
  });

  it('an unknown judge is an error naming the judges found', () => {
    expect(() => judgeAgreements(ADDITIONS, { judges: ['alice', 'bobby'] })).toThrow(
      /judge "bobby" judged nothing here \(judges found: alice, bob, carol\)/,
    );
    expect(() => judgeAgreements(ADDITIONS, { judges: ['alice', 'bobby'] })).toThrow(InputError);
  });
});

describe('qrelsAgreement', () => {
  it('compares only the pairs both files judged', () => {
    const human = new Map([
      [
        'q1',
        new Map([
          ['d1', 1],
          ['d2', 0],
          ['d3', 1],
        ]),
      ],
      ['q2', new Map([['d1', 1]])],
    ]);
    const clicks = new Map([
      [
        'q1',
        new Map([
          ['d1', 1],
          ['d2', 1],
          ['d7', 1],
        ]),
      ],
    ]);
    const result = qrelsAgreement({ name: 'human', qrels: human }, { name: 'clicks', qrels: clicks });
    // Shared pairs: (q1,d1) 1/1 and (q1,d2) 0/1. p_o = 1/2; rows 1,1 of 2, columns 0,2 of 2:
    // p_e = (1·0 + 1·2)/4 = 1/2, so kappa = 0: no better than chance.
    expect(result.pairs).toBe(2);
    expect(result.kappa.observed).toBe(1 / 2);
    expect(result.kappa.kappa).toBe(0);
  });
});
