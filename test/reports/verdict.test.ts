import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/reports/markdown.js';
import type { AllPairsTests, ExperimentReport } from '../../src/reports/report-model.js';
import { standing, verdict } from '../../src/reports/verdict.js';
import { configResult, handBuiltReport } from './hand-built-report.js';

const M = 'ndcg@10';
/** Ten queries: 6 in type=concept, 4 in type=identifier; each overall mean is the n-weighted mean of its slices. */
const mean = (concept: number, identifier: number) => (6 * concept + 4 * identifier) / 10;
const slices = (concept: number, identifier: number): Record<string, [number, Record<string, number>]> => ({
  'type=concept': [6, { [M]: concept }],
  'type=identifier': [4, { [M]: identifier }],
});

/**
 * bm25 (the baseline) 0.6 = (6·0.40 + 4·0.90)/10, dense 0.55 = (6·0.65 + 4·0.40)/10,
 * hybrid 0.7 = (6·0.60 + 4·0.85)/10. bm25 is the hybrid's best single retriever. The report's
 * all-pairs tests on ndcg@10, raw p: bm25–dense 0.2, bm25–hybrid 0.004, dense–hybrid 0.001;
 * Holm over the 3 pairs: 3 · 0.001 = 0.003, max(0.003, 2 · 0.004) = 0.008, max(0.008, 1 · 0.2) = 0.2.
 */
function threeWay(baseline = 'bm25') {
  const bm25 = configResult('bm25', 'bm25', { [M]: mean(0.4, 0.9) }, slices(0.4, 0.9));
  const dense = configResult('dense', 'dense', { [M]: mean(0.65, 0.4) }, slices(0.65, 0.4));
  const hybrid = configResult('hybrid', 'hybrid', { [M]: mean(0.6, 0.85) }, slices(0.6, 0.85), {
    bestSingle: { name: 'bm25', means: bm25.means },
  });
  const allPairs: AllPairsTests = {
    test: 'randomization',
    correction: 'holm',
    alpha: 0.05,
    trials: 10_000,
    seed: 42,
    queries: 10,
    configs: ['bm25', 'dense', 'hybrid'],
    pairs: {
      [M]: [
        { a: 'bm25', b: 'dense', meanDiff: 0.05, p: 0.2, adjustedP: 0.2, significant: false },
        { a: 'bm25', b: 'hybrid', meanDiff: -0.1, p: 0.004, adjustedP: 0.008, significant: true },
        { a: 'dense', b: 'hybrid', meanDiff: -0.15, p: 0.001, adjustedP: 0.003, significant: true },
      ],
    },
  };
  return handBuiltReport([bm25, dense, hybrid], { baseline, metrics: [M, 'mrr@10'], allPairs });
}

/** The pair of a and b on ndcg@10 in the report's all-pairs tests, to change by hand. */
const pairOf = (r: ExperimentReport, a: string, b: string) =>
  r.allPairs!.pairs[M]!.find((p) => p.a === a && p.b === b)!;

describe('verdict: the report in plain words', () => {
  it('names the best configuration on the primary metric and reads its lead off the all-pairs tests', () => {
    const v = verdict(threeWay())!;
    expect(v.metric).toBe(M);
    expect(v.overall.best).toEqual(['hybrid']);
    expect(v.overall.runnerUp).toEqual({ names: ['bm25'], value: mean(0.4, 0.9) });
    expect(v.overall.lead).toEqual({
      tested: true,
      leader: 'hybrid',
      over: 'bm25',
      pairs: 1,
      p: 0.004,
      adjustedP: 0.008,
      significant: true,
    });
    expect(v.overall.sentence).toBe(
      '`hybrid` is best overall on ndcg@10 with 0.7000, ahead of `bm25` (0.6000) by 0.1000. ' +
        "The lead of `hybrid` over `bm25` is significant after Holm's correction over 3 pairs " +
        '(adjusted p = 0.0080, raw p = 0.0040, paired randomization test).',
    );
  });

  it("per slice: the best and the runner-up with the margin, in the report's slice order", () => {
    const v = verdict(threeWay())!;
    // concept: dense 0.65 > hybrid 0.60 > bm25 0.40; identifier: bm25 0.90 > hybrid 0.85 > dense 0.40
    expect(v.slices.map((s) => s.sentence)).toEqual([
      'type=concept (6 queries): `dense` is best with 0.6500, ahead of `hybrid` (0.6000) by 0.0500.',
      'type=identifier (4 queries): `bm25` is best with 0.9000, ahead of `hybrid` (0.8500) by 0.0500.',
    ]);
    expect(v.sliceNote).toContain('not tested for significance');
  });

  it('says where the hybrid helps and where it hurts against the best single retriever', () => {
    const [h] = verdict(threeWay())!.hybrids;
    // overall 0.70 − 0.60; concept 0.60 − 0.40 = +0.20; identifier 0.85 − 0.90 = −0.05
    expect(h!.delta).toBeCloseTo(0.1, 12);
    expect(h!.helps.map((d) => d.label)).toEqual(['type=concept']);
    expect(h!.hurts.map((d) => d.label)).toEqual(['type=identifier']);
    expect(h!.test).toEqual({ p: 0.004, adjustedP: 0.008, significant: true });
    expect(h!.sentence).toBe(
      '`hybrid` beats `bm25`, the best single retriever on its index, by 0.1000 on ndcg@10 (0.7000 vs 0.6000): fusion helps; ' +
        "the difference is significant after Holm's correction over 3 pairs (adjusted p = 0.0080, raw p = 0.0040, paired randomization test). " +
        'By slice, it helps on type=concept (+0.2000); it hurts on type=identifier (-0.0500).',
    );
  });

  it('a lead between two configurations neither of which is the baseline is tested all the same', () => {
    // baseline dense: every pair is tested, so the lead of hybrid over bm25 is judged as before
    const v = verdict(threeWay('dense'))!;
    expect(v.overall.sentence).toBe(verdict(threeWay())!.overall.sentence);
    expect(v.hybrids[0]!.test).toEqual({ p: 0.004, adjustedP: 0.008, significant: true });
  });

  it('a report without all-pairs tests (one saved before them) says it holds no test', () => {
    const r = threeWay();
    delete r.allPairs;
    expect(verdict(r)!.overall.lead).toEqual({ tested: false, why: 'no-test-recorded' });
    expect(verdict(r)!.overall.sentence).toBe(
      '`hybrid` is best overall on ndcg@10 with 0.7000, ahead of `bm25` (0.6000) by 0.1000. The report holds no test of this lead.',
    );
    expect(verdict(r)!.hybrids[0]!.sentence).toContain('fusion helps; the report holds no test of the difference.');
  });

  it('a lead the corrected test does not back says so', () => {
    const r = threeWay();
    Object.assign(pairOf(r, 'bm25', 'hybrid'), { p: 0.03, adjustedP: 0.06, significant: false });
    expect(verdict(r)!.overall.sentence).toContain(
      "The lead of `hybrid` over `bm25` is not significant after Holm's correction over 3 pairs " +
        '(adjusted p = 0.0600, raw p = 0.0300, paired randomization test): these queries do not tell the two apart.',
    );
  });

  it('a hybrid below its best single leg: fusion hurts; equal: it changes nothing', () => {
    const r = threeWay();
    // hybrid 0.55 = (6·0.45 + 4·0.70)/10 against bm25's 0.60
    r.configs[2]!.means[M] = mean(0.45, 0.7);
    r.configs[2]!.slices = handBuiltSlices(0.45, 0.7);
    expect(verdict(r)!.hybrids[0]!.sentence).toBe(
      '`hybrid` trails `bm25`, the best single retriever on its index, by 0.0500 on ndcg@10 (0.5500 vs 0.6000): fusion hurts; ' +
        "the difference is significant after Holm's correction over 3 pairs (adjusted p = 0.0080, raw p = 0.0040, paired randomization test). " +
        'By slice, it helps on type=concept (+0.0500); it hurts on type=identifier (-0.2000).',
    );
    r.configs[2]!.means[M] = mean(0.4, 0.9);
    r.configs[2]!.slices = handBuiltSlices(0.4, 0.9);
    expect(verdict(r)!.hybrids[0]!.sentence).toBe(
      '`hybrid` ties `bm25`, the best single retriever on its index, on ndcg@10 (0.6000 vs 0.6000): fusion changes nothing. By slice, it ties on every one.',
    );
  });

  it('ties: tied leaders are named together; the least clear of their leads is judged; all equal is said plainly', () => {
    const r = threeWay();
    // hybrid equal to bm25 overall: both lead dense (0.55); of bm25–dense (adjusted 0.2) and
    // dense–hybrid (0.003) the first is the least clear, so the lead as a whole is not significant
    r.configs[2]!.means[M] = mean(0.4, 0.9);
    const v = verdict(r)!;
    expect(v.overall.best).toEqual(['bm25', 'hybrid']);
    expect(v.overall.sentence).toBe(
      '`bm25` and `hybrid` tie for best overall on ndcg@10 at 0.6000, ahead of `dense` (0.5500) by 0.0500. ' +
        'The lead of `bm25` over `dense` (the least clear of the 2 pairs of a leader and a runner-up) is not significant ' +
        "after Holm's correction over 3 pairs (adjusted p = 0.2000, raw p = 0.2000, paired randomization test): these queries do not tell the two apart.",
    );
    // the other way round, hybrid's lead is the least clear
    Object.assign(pairOf(r, 'bm25', 'dense'), { p: 0.0001, adjustedP: 0.0003, significant: true });
    Object.assign(pairOf(r, 'dense', 'hybrid'), { p: 0.02, adjustedP: 0.02, significant: true });
    expect(verdict(r)!.overall.lead).toMatchObject({ tested: true, leader: 'hybrid', over: 'dense', pairs: 2 });
    expect(verdict(r)!.overall.sentence).toContain('is significant after');
    for (const c of r.configs) c.slices = handBuiltSlices(1, 1);
    expect(verdict(r)!.slices[0]!.sentence).toBe('type=concept (6 queries): all 3 configurations tie at 1.0000.');
  });

  it("reads the report's first metric as primary, and has nothing to say without configurations", () => {
    const r = threeWay();
    r.metrics = ['mrr@10', M];
    for (const c of r.configs) c.means['mrr@10'] = c.name === 'dense' ? 0.9 : 0.5;
    expect(verdict(r)!.overall.best).toEqual(['dense']);
    expect(verdict({ ...r, configs: [] })).toBeUndefined();
  });
});

describe('standing', () => {
  it('keeps every tied maximum and every tied runner-up; NaN and missing values take no part', () => {
    const s = standing([
      { name: 'a', value: 0.1 + 0.2 }, // 0.30000000000000004: equal to 0.3 but for summation order
      { name: 'b', value: 0.3 },
      { name: 'c', value: 0.2 },
      { name: 'd', value: 0.2 },
      { name: 'e', value: NaN },
      { name: 'f', value: undefined },
    ]);
    expect(s).toEqual({ best: ['a', 'b'], value: 0.1 + 0.2, runnerUp: { names: ['c', 'd'], value: 0.2 } });
    expect(standing([{ name: 'x', value: NaN }])).toBeUndefined();
  });
});

describe('the Markdown report opens with the verdict', () => {
  it('puts the same sentences right after the header, before the first table', () => {
    const r = threeWay();
    const md = renderMarkdown(r);
    const v = verdict(r)!;
    const opening = md.split('## Verdict\n\n')[1]!.split('## Configurations')[0]!;
    expect(opening.startsWith(v.overall.sentence)).toBe(true);
    for (const s of v.slices) expect(opening).toContain(`- ${s.sentence}\n`);
    expect(opening).toContain(`- ${v.hybrids[0]!.sentence}\n`);
    expect(md.indexOf('## Verdict')).toBeLessThan(md.indexOf('## Configurations'));
  });
});

function handBuiltSlices(concept: number, identifier: number) {
  return Object.entries(slices(concept, identifier)).map(([label, [n, means]]) => ({ label, n, means }));
}
