import { describe, expect, it } from 'vitest';
import { bestPerColumn, printsAsZero, tiesAtPrinted } from '../../src/reports/format.js';
import { standing, verdict } from '../../src/reports/verdict.js';
import { configResult, handBuiltReport } from './hand-built-report.js';

const M = 'ndcg@10';

describe('tiesAtPrinted: equal at four decimals is a tie', () => {
  it('0.80812 and 0.80809 both print 0.8081: a tie', () => {
    expect(tiesAtPrinted(0.80812, 0.80809)).toBe(true);
  });
  it('0.8082 against 0.8081 is a lead of 0.0001', () => {
    expect(tiesAtPrinted(0.8082, 0.8081)).toBe(false);
  });
  it('0.80805 against 0.80801 print differently, but their difference 0.00004 prints 0.0000: a tie', () => {
    expect(tiesAtPrinted(0.80805, 0.80801)).toBe(true);
    expect(printsAsZero(-0.00004)).toBe(true);
    expect(printsAsZero(0.0001)).toBe(false);
  });
  it('bolds both of two values that read the same', () => {
    expect(bestPerColumn([[0.80812], [0.80809], [0.7]])).toEqual(new Set(['0:0', '1:0']));
  });
});

describe('verdict sentences never name a winner or a help by 0.0000', () => {
  it('two configurations at 0.80812 and 0.80809 tie at 0.8081', () => {
    const s = standing([
      { name: 'bm25-fts5', value: 0.80812 },
      { name: 'hybrid-score', value: 0.80809 },
    ]);
    expect(s).toEqual({ best: ['bm25-fts5', 'hybrid-score'], value: 0.80812 });
  });

  it('says "tie at 0.8081" per slice, names 0.8082 vs 0.8081 as ahead by 0.0001, and lists no -0.0000 hurt', () => {
    // bm25 0.80812 on tail, 0.5 on head; the hybrid 0.80809 on tail (a tie), 0.6 on head (helps, +0.1000).
    // Overall with 5 queries per slice: bm25 (0.80812 + 0.5)/2 = 0.65406, hybrid (0.80809 + 0.6)/2 = 0.704045.
    const slices = (tail: number, head: number): Record<string, [number, Record<string, number>]> => ({
      'popularity=tail': [5, { [M]: tail }],
      'popularity=head': [5, { [M]: head }],
    });
    const bm25 = configResult('bm25-fts5', 'bm25', { [M]: (0.80812 + 0.5) / 2 }, slices(0.80812, 0.5));
    const hybrid = configResult('hybrid-score', 'hybrid', { [M]: (0.80809 + 0.6) / 2 }, slices(0.80809, 0.6), {
      bestSingle: { name: 'bm25-fts5', means: bm25.means },
    });
    const v = verdict(handBuiltReport([bm25, hybrid], { baseline: 'bm25-fts5', metrics: [M] }))!;
    const tail = v.slices.find((s) => s.label === 'popularity=tail')!;
    expect(tail.sentence).toBe('popularity=tail (5 queries): `bm25-fts5` and `hybrid-score` tie at 0.8081.');
    expect(tail.sentence).not.toMatch(/ahead|by 0\.0000/);
    const h = v.hybrids[0]!;
    expect(h.hurts).toEqual([]);
    expect(h.helps.map((d) => d.label)).toEqual(['popularity=head']);
    expect(h.sentence).not.toContain('-0.0000');

    const lead = standing([
      { name: 'a', value: 0.8082 },
      { name: 'b', value: 0.8081 },
    ]);
    expect(lead?.best).toEqual(['a']);
    expect(lead?.runnerUp).toEqual({ names: ['b'], value: 0.8081 });
  });
});
