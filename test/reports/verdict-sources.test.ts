import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/reports/markdown.js';
import type { ExperimentReport } from '../../src/reports/report-model.js';
import { verdict } from '../../src/reports/verdict.js';
import { configResult, handBuiltReport } from './hand-built-report.js';

const M = 'ndcg@10';

/**
 * bm25 and dense over 6 real and 4 synthetic queries. Real: bm25 0.30, dense 0.50; synthetic:
 * bm25 0.90, dense 0.60. Overall (6·real + 4·synthetic)/10: bm25 0.54, dense 0.54: the overall
 * figure cannot tell them apart, the real queries can.
 */
function realAndSynthetic(overlap?: { real: number; synthetic: number }): ExperimentReport {
  const overall = (real: number, synthetic: number) => (6 * real + 4 * synthetic) / 10;
  const report = handBuiltReport(
    [
      configResult('bm25', 'bm25', { [M]: overall(0.3, 0.9) }),
      configResult('dense', 'dense', { [M]: overall(0.5, 0.6) }),
    ],
    { baseline: 'bm25', metrics: [M] },
  );
  const gap = (config: string, real: number, synthetic: number) => ({
    config,
    metric: M,
    real: { mean: real, n: 6 },
    synthetic: { mean: synthetic, n: 4 },
    gap: synthetic - real,
  });
  report.sourceGap = [gap('bm25', 0.3, 0.9), gap('dense', 0.5, 0.6)];
  if (overlap) {
    report.overlapBySource = {
      tokenizer: 'english',
      sources: [
        { source: 'real', queries: 6, meanOverlap: overlap.real, withoutTerms: 0 },
        { source: 'synthetic', queries: 4, meanOverlap: overlap.synthetic, withoutTerms: 0 },
      ],
    };
  }
  return report;
}

describe('verdict: real queries first when there are synthetic ones', () => {
  it('names the best on real queries, then the synthetic figure labelled by its overlap', () => {
    const v = verdict(realAndSynthetic({ real: 0.4, synthetic: 0.9 }))!;
    expect(v.sources?.real.best).toEqual(['dense']);
    expect(v.sources?.sentence).toBe(
      'On the 6 real queries, `dense` is best on ndcg@10 with 0.5000, ahead of `bm25` (0.3000) by 0.2000. ' +
        'On the 4 synthetic queries `dense` scores 0.6000 (+0.1000 over its real figure): they flatter, sharing ' +
        '0.9000 of their terms with their relevant documents on average against 0.4000 for real queries.',
    );
    const md = renderMarkdown(realAndSynthetic({ real: 0.4, synthetic: 0.9 }));
    expect(md.indexOf(v.sources!.sentence)).toBeLessThan(md.indexOf(v.overall.sentence));
    expect(md.indexOf('## Verdict')).toBeLessThan(md.indexOf(v.sources!.sentence));
  });

  it('does not call synthetic queries flattering when their overlap is no higher than the real ones', () => {
    const v = verdict(realAndSynthetic({ real: 0.7, synthetic: 0.6 }))!;
    expect(v.sources?.sentence).toMatch(/against 0\.7000 for real queries: here their wording does not flatter\.$/);
  });

  it('without an overlap measurement it gives the general warning', () => {
    const v = verdict(realAndSynthetic())!;
    expect(v.sources?.overlap).toBeUndefined();
    expect(v.sources?.sentence).toMatch(
      /tend to reuse the words of their passage and flatter, so trust the real figure\.$/,
    );
  });

  it('absent without real and synthetic queries', () => {
    const report = realAndSynthetic();
    delete report.sourceGap;
    expect(verdict(report)!.sources).toBeUndefined();
  });
});

describe('real queries lead every table and every "best"', () => {
  /** realAndSynthetic, each configuration carrying its real means as the score stage records them. */
  function withReal(): ExperimentReport {
    const report = realAndSynthetic({ real: 0.4, synthetic: 0.9 });
    report.configs[0]!.real = { n: 6, means: { [M]: 0.3 } };
    report.configs[1]!.real = { n: 6, means: { [M]: 0.5 } };
    // Pooled, bm25 would lead: make the overall means differ so the two bolds would differ.
    report.configs[0]!.means[M] = (6 * 0.3 + 4 * 0.95) / 10; // 0.56
    return report;
  }

  it('bolds the best over the real queries and labels the pooled table, which has no bold', () => {
    const md = renderMarkdown(withReal());
    const realTable = md.slice(md.indexOf('## Configurations, over the 6 real queries'));
    expect(realTable).toContain('| `dense` | **0.5000** |');
    expect(realTable).toContain('| `bm25` | 0.3000 |');
    const pooled = md.slice(md.indexOf('## Configurations, all queries pooled (real and synthetic)'));
    expect(pooled.split('\n\n')[1]).not.toContain('**');
    expect(md.indexOf('over the 6 real queries')).toBeLessThan(md.indexOf('all queries pooled'));
  });

  it('labels the verdict’s overall standing as pooled when real queries lead', () => {
    const v = verdict(withReal())!;
    expect(v.overall.sentence.startsWith('All queries pooled, real and synthetic: ')).toBe(true);
    expect(
      verdict(handBuiltReport([configResult('bm25', 'bm25', { [M]: 0.5 })], { baseline: 'bm25', metrics: [M] }))!
        .overall.sentence,
    ).not.toContain('pooled');
  });

  it('names untagged queries in a set holding synthetic ones, with the fix', () => {
    const report = withReal();
    report.untaggedSources = { count: 12, first: ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8', 'q9', 'q10'] };
    expect(renderMarkdown(report)).toContain(
      '**Warning:** 12 answerable queries have no `source` tag in a set that holds synthetic queries (`q1`, `q2`, `q3`, `q4`, `q5`, `q6`, `q7`, `q8`, `q9`, `q10`, ...): they count in the pooled means only. Tag them `source: real`',
    );
  });

  it('judges the styles of generated questions one by one: plain flatters, unread does not', () => {
    const report = realAndSynthetic({ real: 0.66, synthetic: 0.7 });
    report.overlapBySource!.styles = [
      { source: 'real', style: '(none)', queries: 6, meanOverlap: 0.66, withoutTerms: 0 },
      { source: 'synthetic', style: 'plain', queries: 2, meanOverlap: 1, withoutTerms: 0 },
      { source: 'synthetic', style: 'unread', queries: 2, meanOverlap: 0.4, withoutTerms: 0 },
    ];
    expect(verdict(report)!.sources?.sentence).toMatch(
      /by style they share plain 1\.0000, unread 0\.4000 of their terms with their relevant documents against 0\.6600 for real queries: the plain questions flatter, the unread ones do not\.$/,
    );
    expect(renderMarkdown(report)).toContain('| synthetic | unread | 2 | 0.4000 |');
  });
});
