import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/reports/markdown.js';
import type { ConfigResult } from '../../src/reports/report-model.js';
import { configResult, handBuiltReport } from './hand-built-report.js';

/** A configuration whose top 10 documents were judged at the given share. */
const judged = (name: string, mode: 'bm25' | 'dense' | 'hybrid', mean: number): ConfigResult => ({
  ...configResult(name, mode, { 'ndcg@10': 0.5 }),
  judged: { k: 10, mean },
});

const report = (...configs: ConfigResult[]) =>
  renderMarkdown(handBuiltReport(configs, { baseline: configs[0]!.name, metrics: ['ndcg@10'] }));

describe('the Judged section of a report', () => {
  it('shows judged@10 per configuration', () => {
    const md = report(judged('bm25', 'bm25', 0.9), judged('dense', 'dense', 0.85));
    expect(md).toContain('## Judged');
    expect(md).toContain('| `bm25` | 0.9000 |');
    expect(md).toContain('| `dense` | 0.8500 |');
  });

  it('warns when the configurations differ in judged@10 by more than 0.10, naming the pool command', () => {
    const md = report(judged('bm25', 'bm25', 0.95), judged('dense', 'dense', 0.6), judged('hybrid', 'hybrid', 0.8));
    // 0.95 - 0.6 = 0.35 > 0.10: the lowest and the highest are named.
    expect(md).toContain('**Warning:** judged@10 differs by more than 0.10');
    expect(md).toContain('`dense` 0.6000, `bm25` 0.9500');
    expect(md).toContain('pool the runs, then judge the pool');
    const runs = ['bm25', 'dense', 'hybrid'].map((n) => path.join('results', 'hand-built', 'runs', `${n}.trec`));
    const qrels = path.join('nowhere', 'qrels', 'test.tsv');
    const out = path.join('results', 'hand-built', 'pool.tsv');
    expect(md).toContain(`testbed pool ${runs.join(' ')} --depth 10 --qrels ${qrels} --out ${out}`);
  });

  it('does not warn at a spread of 0.10 or less', () => {
    // 0.9 - 0.8 is 0.09999999999999998 or so in floating point: exactly the limit, not over it.
    expect(report(judged('bm25', 'bm25', 0.9), judged('dense', 'dense', 0.8))).not.toContain('Warning');
    expect(report(judged('bm25', 'bm25', 0.9), judged('dense', 'dense', 0.85))).not.toContain('Warning');
    // Just over the limit does warn.
    expect(report(judged('bm25', 'bm25', 0.9), judged('dense', 'dense', 0.79))).toContain('**Warning:**');
  });

  it('leaves out a configuration with no value (every query failed), live or saved as null', () => {
    const none = judged('down', 'dense', Number.NaN);
    const saved = JSON.parse(JSON.stringify(none)) as ConfigResult;
    expect(saved.judged?.mean).toBeNull();
    expect(report(judged('bm25', 'bm25', 0.9), none, saved)).not.toContain('Warning');
  });

  it('is left out of reports saved before judged@k was recorded', () => {
    const md = report(configResult('bm25', 'bm25', { 'ndcg@10': 0.5 }));
    expect(md).not.toContain('## Judged');
  });
});
