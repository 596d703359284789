import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testAllPairs } from '../../src/experiments/all-pairs-tests.js';
import { againstBaseline, bestSingleFor } from '../../src/experiments/compare.js';
import { renderMarkdown } from '../../src/reports/markdown.js';
import { pairResult } from '../../src/reports/pair-test-words.js';
import type { AllPairsTests, ConfigResult, ExperimentReport } from '../../src/reports/report-model.js';
import { verdict } from '../../src/reports/verdict.js';
import { writeReport } from '../../src/reports/write-report.js';
import { tmpDir } from '../helpers/tmp.js';
import { configResult, handBuiltReport } from './hand-built-report.js';

const M = 'ndcg@10';
const HOLM = { test: 'randomization', correction: 'holm', alpha: 0.05 } as const;
const SEED = 42;

/**
 * Three configurations over n queries: dense scores d_i, bm25 d_i + 0.1 and hybrid d_i + 0.2,
 * so every pair differs by the same amount on every query. The paired randomization test
 * (exact up to 16 queries) then reaches the observed |Σ d| only with the all-plus and all-minus
 * sign patterns: p = 2 / 2^n for each of the 3 pairs. Holm multiplies the smallest of three equal
 * p-values by 3, and the running maximum carries 3p to the others: adjusted p = 3 · 2 / 2^n.
 *
 * n = 6: raw p = 2/64 = 0.03125, below 0.05, but adjusted 3 · 0.03125 = 0.09375 is not.
 * n = 8: raw p = 2/256 = 0.0078125, adjusted 0.0234375: significant either way.
 *
 * The report is filled in as the analyse stage fills it: the all-pairs tests, each
 * configuration against the baseline bm25, the hybrid's best single retriever.
 */
function lockstep(dense: number[], extra: ConfigResult[] = []): ExperimentReport {
  const qids = dense.map((_, i) => `q${i + 1}`);
  const config = (name: string, mode: 'bm25' | 'dense' | 'hybrid', shift: number) => {
    const perQuery = Object.fromEntries(qids.map((q, i) => [q, { [M]: dense[i]! + shift }]));
    const mean = dense.reduce((s, d) => s + d + shift, 0) / dense.length;
    return { ...configResult(name, mode, { [M]: mean }), perQuery };
  };
  const configs = [config('bm25', 'bm25', 0.1), config('dense', 'dense', 0), config('hybrid', 'hybrid', 0.2), ...extra];
  const allPairs = testAllPairs(configs, qids, [M], HOLM, SEED)!;
  const [base] = configs;
  for (const c of configs) {
    if (c !== base) c.significance = againstBaseline(c, base!, qids, [M], SEED, allPairs);
    const single = c.retriever.mode === 'hybrid' ? bestSingleFor(c, configs, M) : undefined;
    if (single) c.bestSingle = { name: single.name, means: single.means };
  }
  return handBuiltReport(configs, { baseline: 'bm25', metrics: [M], allPairs });
}

const SIX = [0.1, 0.3, 0.2, 0.5, 0.4, 0.0]; // mean 0.25: dense 0.25, bm25 0.35, hybrid 0.45
const EIGHT = [...SIX, 0.3, 0.6]; // mean 0.3: dense 0.3, bm25 0.4, hybrid 0.5

describe('the verdict judges the lead by the all-pairs tests, corrected', () => {
  it('raw p below 0.05 but not after Holm over 3 pairs: the lead is not significant', () => {
    const r = lockstep(SIX);
    const lead = r.allPairs!.pairs[M]!.find((p) => p.a === 'bm25' && p.b === 'hybrid')!;
    expect(lead.p).toBeCloseTo(2 / 64, 12);
    expect(lead.adjustedP).toBeCloseTo((3 * 2) / 64, 12);
    const v = verdict(r)!;
    expect(v.overall.sentence).toBe(
      '`hybrid` is best overall on ndcg@10 with 0.4500, ahead of `bm25` (0.3500) by 0.1000. ' +
        "The lead of `hybrid` over `bm25` is not significant after Holm's correction over 3 pairs " +
        '(adjusted p = 0.0938, raw p = 0.0313, paired randomization test): these queries do not tell the two apart.',
    );
    expect(v.hybrids.map((h) => h.sentence)).toEqual([
      '`hybrid` beats `bm25`, the best single retriever on its index, by 0.1000 on ndcg@10 (0.4500 vs 0.3500): fusion helps; ' +
        "the difference is not significant after Holm's correction over 3 pairs " +
        '(adjusted p = 0.0938, raw p = 0.0313, paired randomization test).',
    ]);
  });

  it('raw p small enough to survive Holm over 3 pairs: the lead is significant', () => {
    const v = verdict(lockstep(EIGHT))!;
    expect(v.overall.sentence).toBe(
      '`hybrid` is best overall on ndcg@10 with 0.5000, ahead of `bm25` (0.4000) by 0.1000. ' +
        "The lead of `hybrid` over `bm25` is significant after Holm's correction over 3 pairs " +
        '(adjusted p = 0.0234, raw p = 0.0078, paired randomization test).',
    );
    expect(v.hybrids[0]!.sentence).toContain(
      "fusion helps; the difference is significant after Holm's correction over 3 pairs (adjusted p = 0.0234, raw p = 0.0078,",
    );
  });

  it('against the baseline: the bootstrap interval stays, p and the flag are the corrected pair', () => {
    const s = lockstep(SIX).configs[2]!.significance![M]!;
    expect(s.meanDiff).toBeCloseTo(0.1, 12);
    // every per-query difference is 0.1, so every resample's mean is too
    expect(s.ci[0]).toBeCloseTo(0.1, 12);
    expect(s.ci[1]).toBeCloseTo(0.1, 12);
    expect(s.p).toBeCloseTo(2 / 64, 12);
    expect(s.adjustedP).toBeCloseTo(6 / 64, 12);
    expect(s.significant).toBe(false);
  });

  it('a configuration with failed queries is left out of the pairs, and its baseline comparison is untested', () => {
    const broken = {
      ...configResult('remote', 'bm25', { [M]: 0.9 }),
      perQuery: { q1: { [M]: 0.9 } },
      failedQueries: { count: 5, scored: 1, first: [] },
    };
    const r = lockstep(SIX, [broken]);
    expect(r.allPairs!.configs).toEqual(['bm25', 'dense', 'hybrid']);
    expect(r.allPairs!.pairs[M]!.map((p) => `${p.a}-${p.b}`)).toEqual(['bm25-dense', 'bm25-hybrid', 'dense-hybrid']);
    const s = r.configs[3]!.significance![M]!;
    expect(s.p).toBeUndefined();
    expect(s.adjustedP).toBeUndefined();
    expect(s.significant).toBe(false);
    expect(renderMarkdown(r)).toContain('Left out, scored over fewer queries because some failed: `remote`.');
  });
});

describe('the report shows every pair', () => {
  it("report.md tables the primary metric with the compare command's letters", () => {
    // n = 8: every pair is significant, so each configuration beats those below it
    const md = renderMarkdown(lockstep(EIGHT));
    const section = md.split('## Every pair of configurations on ndcg@10\n\n')[1]!.split('\n## ')[0]!;
    expect(section).toContain(
      [
        '| # | run | ndcg@10 |',
        '| --- | --- | ---: |',
        '| a | bm25 | 0.4000ᵇ |',
        '| b | dense | 0.3000 |',
        '| c | hybrid | **0.5000**ᵃᵇ |',
      ].join('\n'),
    );
    expect(section).toContain("Significant after Holm's correction: ndcg@10: a > b, c > a, c > b.");
    // n = 6: no pair survives the correction, so no letters
    const none = renderMarkdown(lockstep(SIX));
    expect(none).toContain('| c | hybrid | **0.4500** |');
    expect(none).toContain("No difference is significant after Holm's correction on any metric.");
    expect(none).toContain('† = differs significantly from the baseline by the paired randomization test after Holm');
  });

  it('report.json holds every pair with its raw and adjusted p', () => {
    const r = lockstep(SIX);
    const dir = tmpDir('all-pairs-');
    writeReport(dir, r, new Map());
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8')) as ExperimentReport;
    expect(json.allPairs).toMatchObject({ test: 'randomization', correction: 'holm', alpha: 0.05, queries: 6 });
    const expected = [
      ['bm25', 'dense', 0.1],
      ['bm25', 'hybrid', -0.1],
      ['dense', 'hybrid', -0.2],
    ] as const;
    json.allPairs!.pairs[M]!.forEach((p, i) => {
      const [a, b, diff] = expected[i]!;
      expect([p.a, p.b]).toEqual([a, b]);
      expect(p.meanDiff).toBeCloseTo(diff, 12);
      expect(p.p).toBeCloseTo(2 / 64, 12);
      expect(p.adjustedP).toBeCloseTo(6 / 64, 12);
      expect(p.significant).toBe(false);
    });
  });
});

describe('the words for each test and correction', () => {
  const tests = (over: Partial<AllPairsTests>): AllPairsTests => ({
    test: 'randomization',
    correction: 'holm',
    alpha: 0.05,
    trials: 10_000,
    seed: 42,
    queries: 10,
    configs: ['a', 'b', 'c', 'd'],
    pairs: {},
    ...over,
  });
  const pair = { p: 0.01, adjustedP: 0.06, significant: false };

  it('names the test, the correction and the 4 · 3 / 2 = 6 pairs; the raw p only when corrected', () => {
    expect(pairResult(tests({}), pair)).toBe(
      "not significant after Holm's correction over 6 pairs (adjusted p = 0.0600, raw p = 0.0100, paired randomization test)",
    );
    expect(pairResult(tests({ test: 't', correction: 'bonferroni' }), pair)).toBe(
      'not significant after Bonferroni correction over 6 pairs (adjusted p = 0.0600, raw p = 0.0100, paired t-test)',
    );
    const raw = { p: 0.01, adjustedP: 0.01, significant: true };
    expect(pairResult(tests({ correction: 'none' }), raw)).toBe(
      'significant without correction over 6 pairs (p = 0.0100, paired randomization test)',
    );
    expect(pairResult(tests({ test: 'tukey', correction: 'none', configs: ['a', 'b'] }), raw)).toBe(
      "significant by Tukey's HSD over 1 pair (p = 0.0100)",
    );
    // a sampled test's smallest p, 1/10,001, prints as "< 0.0001"
    expect(pairResult(tests({}), { p: 1 / 10_001, adjustedP: 6 / 10_001, significant: true })).toBe(
      "significant after Holm's correction over 6 pairs (adjusted p = 0.0006, raw p < 0.0001, paired randomization test)",
    );
  });
});

describe('a report of more configurations than the letters table holds', () => {
  it('renders, naming how many were tested and where their pairs are, instead of failing', () => {
    // 24 more configurations beside the three: 27, one more than the letters a-z.
    const extra = Array.from({ length: 24 }, (_, i) => {
      const perQuery = Object.fromEntries(SIX.map((d, q) => [`q${q + 1}`, { [M]: d + i / 100 }]));
      return { ...configResult(`x${i}`, 'bm25', { [M]: 0.25 + i / 100 }), perQuery };
    });
    const r = lockstep(SIX, extra);
    expect(r.allPairs!.configs).toHaveLength(27);
    const md = renderMarkdown(r);
    expect(md).toContain(
      '27 configurations were tested pair by pair, more than the 26 letters of the table: report.json holds every pair',
    );
  });
});
