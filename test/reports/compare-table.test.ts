import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { renderCompareCsv } from '../../src/reports/compare/compare-csv.js';
import { renderCompareJson } from '../../src/reports/compare/compare-json.js';
import { escapeLatex, renderCompareLatex } from '../../src/reports/compare/compare-latex.js';
import { renderCompareMarkdown, superscript } from '../../src/reports/compare/compare-markdown.js';
import { buildCompareTable } from '../../src/reports/compare/compare-table.js';
import { compareVerdict } from '../../src/reports/compare/compare-verdict.js';
import type { AllPairsOptions } from '../../src/stats/all-pairs.js';

/**
 * Three runs on 8 queries, given in the order y, z, x, so lettered a = y, b = z, c = x. The
 * randomization test enumerates all 2^8 sign patterns:
 *
 * ndcg@10: x = 1 everywhere, y = 0.5 on one query, z = 0. y-z: one non-zero difference, p = 1.
 *   y-x and z-x: 8 differences of one sign, only the 2 all-same patterns reach the sum, p = 2/256;
 *   Holm over the 3 pairs: 3·2/256 = 6/256 and 2·2/256 lifted to 6/256, both < 0.05. x (c) beats
 *   y (a) and z (b): the pairs list x second, so this checks the letters come from the sign of
 *   the difference, whichever side the winner is on.
 * mrr: y = x = 1, z = 0. y and x tie (p = 1) and are both best; each beats z (b) with 6/256.
 */
const SCORES = new Map([
  ['y', { 'ndcg@10': [0.5, 0, 0, 0, 0, 0, 0, 0], mrr: [1, 1, 1, 1, 1, 1, 1, 1] }],
  ['z', { 'ndcg@10': [0, 0, 0, 0, 0, 0, 0, 0], mrr: [0, 0, 0, 0, 0, 0, 0, 0] }],
  ['x', { 'ndcg@10': [1, 1, 1, 1, 1, 1, 1, 1], mrr: [1, 1, 1, 1, 1, 1, 1, 1] }],
]);
const METRICS = ['ndcg@10', 'mrr'];
const HOLM: AllPairsOptions = { test: 'randomization', correction: 'holm', alpha: 0.05 };
const table = buildCompareTable(SCORES, METRICS, HOLM);

describe('buildCompareTable: the worked example', () => {
  it('letters the runs in the order given and marks, per cell, the mean, the best and the runs beaten', () => {
    expect(table.rows).toEqual([
      {
        letter: 'a',
        name: 'y',
        cells: [
          { mean: 0.0625, best: false, beats: [] },
          { mean: 1, best: true, beats: ['b'] },
        ],
      },
      {
        letter: 'b',
        name: 'z',
        cells: [
          { mean: 0, best: false, beats: [] },
          { mean: 0, best: false, beats: [] },
        ],
      },
      {
        letter: 'c',
        name: 'x',
        cells: [
          { mean: 1, best: true, beats: ['a', 'b'] },
          { mean: 1, best: true, beats: ['b'] },
        ],
      },
    ]);
    expect(table.queries).toBe(8);
    expect(table.pairs['ndcg@10']!.map((p) => p.adjustedP)).toEqual([1, 6 / 256, 6 / 256]);
  });

  it('at alpha 0.02 nothing survives Holm (6/256 = 0.0234): no letters', () => {
    const strict = buildCompareTable(SCORES, METRICS, { ...HOLM, alpha: 0.02 });
    expect(strict.rows.flatMap((r) => r.cells.flatMap((c) => c.beats))).toEqual([]);
    expect(compareVerdict(strict)).toContain("No difference is significant after Holm's correction on any metric.");
  });

  it('refuses more than 26 runs (one letter each) and a metric a run has no scores for', () => {
    const many = new Map(Array.from({ length: 27 }, (_, i) => [`r${i}`, { mrr: [0, 1] }]));
    expect(() => buildCompareTable(many, ['mrr'], HOLM)).toThrow(/at most 26 runs/);
    expect(() => buildCompareTable(SCORES, ['map'], HOLM)).toThrow(InputError);
  });
});

describe('compare formats', () => {
  it('markdown: bold best, superscript letters, a legend, then the verdict', () => {
    const text = renderCompareMarkdown(table);
    expect(text.split('\n').slice(0, 5)).toEqual([
      '| # | run | ndcg@10 | mrr |',
      '| --- | --- | ---: | ---: |',
      '| a | y | 0.0625 | **1.0000**ᵇ |',
      '| b | z | 0.0000 | 0.0000 |',
      '| c | x | **1.0000**ᵃᵇ | **1.0000**ᵇ |',
    ]);
    expect(text).toContain('Superscript letters: the runs a mean is significantly higher than');
    expect(text.trimEnd().endsWith(compareVerdict(table))).toBe(true);
  });

  it('superscripts cover a to z with one modifier letter each', () => {
    expect(superscript(['a', 'c', 'i', 'q', 'z'])).toBe('ᵃᶜⁱ𐞥ᶻ');
    expect(new Set([...superscript([...'abcdefghijklmnopqrstuvwxyz'])]).size).toBe(26);
  });

  it('the verdict names the leader, its wins, every significant pair and the correction', () => {
    expect(compareVerdict(table)).toBe(
      'On ndcg@10, x (c) is best with 1.0000, significantly better than every other run. ' +
        "Significant after Holm's correction: ndcg@10: c > a, c > b; mrr: a > b, c > b. " +
        "Tests: the paired randomization test (Fisher's, exact over all 256 sign patterns), two-sided, alpha = 0.05, " +
        "over 8 queries; the 3 pairwise comparisons of each metric form one family, corrected by Holm's step-down " +
        'method (6 comparisons over the 2 metrics).',
    );
    const mrrFirst = buildCompareTable(SCORES, ['mrr'], HOLM);
    expect(compareVerdict(mrrFirst)).toMatch(/^On mrr, y \(a\) and x \(c\) tie for best with 1\.0000\./);
  });

  it('the verdict names the runs the leader does not beat, with the smallest adjusted p', () => {
    const bonferroni = buildCompareTable(SCORES, ['mrr', 'ndcg@10'], { ...HOLM, correction: 'bonferroni' });
    expect(compareVerdict(bonferroni)).toContain('corrected by Bonferroni (p × 3)');
    const notBeaten = buildCompareTable(SCORES, ['ndcg@10'], { ...HOLM, alpha: 0.02 });
    expect(compareVerdict(notBeaten)).toMatch(
      /^On ndcg@10, x \(c\) is best with 1\.0000, but not significantly better than a and b \(smallest adjusted p = 0\.0234\)\./,
    );
  });

  it('latex: \\textbf for the best, $^{letters}$, escaped names', () => {
    const named = buildCompareTable(
      new Map([
        ['bm25_k1=0.9', SCORES.get('x')!],
        ['50% & more', SCORES.get('z')!],
      ]),
      ['mrr'],
      HOLM,
    );
    const text = renderCompareLatex(named);
    expect(text).toContain('a & bm25\\_k1=0.9 & \\textbf{1.0000}$^{b}$ \\\\');
    expect(text).toContain('b & 50\\% \\& more & 0.0000 \\\\');
    expect(text).toContain('$\\alpha = 0.05$');
    expect(escapeLatex('a_b {c} 5% ~^ > 1')).toBe('a\\_b \\{c\\} 5\\% \\textasciitilde{}\\textasciicircum{} $>$ 1');
  });

  it('csv: one line per run and metric, the beaten letters listed, names quoted when needed', () => {
    expect(renderCompareCsv(table).split('\n')).toEqual([
      'letter,run,metric,mean,best,beats',
      'a,y,ndcg@10,0.0625,false,',
      'a,y,mrr,1,true,b',
      'b,z,ndcg@10,0,false,',
      'b,z,mrr,0,false,',
      'c,x,ndcg@10,1,true,a b',
      'c,x,mrr,1,true,b',
      '',
    ]);
  });

  it('json: settings, the beaten runs by letter and name, every pair with raw and adjusted p, the verdict', () => {
    const json = JSON.parse(renderCompareJson(table));
    expect(json).toMatchObject({ test: 'randomization', correction: 'holm', alpha: 0.05, queries: 8 });
    expect(json.comparisons_per_metric).toBe(3);
    expect(json.runs[2].metrics['ndcg@10']).toEqual({ mean: 1, best: true, beats: ['a', 'b'], beats_runs: ['y', 'z'] });
    expect(json.pairs['ndcg@10'][1]).toEqual({
      a: 'y',
      b: 'x',
      mean_diff: 0.0625 - 1,
      p: 2 / 256,
      adjusted_p: 6 / 256,
      significant: true,
    });
    expect(json.verdict).toBe(compareVerdict(table));
  });
});
