import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import type { ExperimentReport } from '../../src/reports/report-model.js';
import { runExperiment } from '../../src/experiments/runner.js';
import { renderCsv } from '../../src/reports/csv.js';
import { renderMarkdown } from '../../src/reports/markdown.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

/**
 * Golden report files for the tiny fixture: the whole Markdown and CSV report, pinned. Metric
 * values are checked against their formulas elsewhere (test/metrics, test/experiments); this
 * pins the layout and catches any unintended change in what the report shows. Volatile fields
 * (time, paths, sizes, latency) are fixed before rendering. Regenerate after an intended change
 * with UPDATE_GOLDEN=1 and read the diff.
 */
const GOLDEN = path.resolve(import.meta.dirname, '../fixtures/golden');

function stable(report: ExperimentReport): ExperimentReport {
  const r = structuredClone(report);
  r.createdAt = '2026-01-01T00:00:00.000Z';
  r.testbedVersion = 'x.y.z';
  r.wallSeconds = 1.5;
  r.config.corpus = 'test/fixtures/tiny-beir';
  // The temp output folder; the judged@10 warning names the run files in it.
  delete r.config.output;
  for (const c of r.configs) {
    c.latency = { p50: 1, p95: 2 };
    c.index.sizeBytes = 100_000;
    c.index.buildSeconds = 0.5;
    c.index.reused = false;
  }
  return r;
}

function golden(name: string, actual: string): void {
  const file = path.join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN === '1') fs.writeFileSync(file, actual);
  expect(actual).toBe(fs.readFileSync(file, 'utf8'));
}

describe('golden report for the tiny fixture', async () => {
  const dir = tmpDir('golden-');
  const config = parseExperimentConfig(`name: tiny-golden
description: BM25, dense (hash embedder) and hybrid on the 12-document fixture.
corpus: ${TINY_BEIR}
ks: [1, 3, 10]
context_k: 1
rerank_depth: 3
metrics: [ndcg@3, mrr]
slices: [type, source]
baseline: bm25
grid:
  chunkers: [structure:40]
  embedders: ['hash:64']
  retrievers:
    - { name: bm25, mode: bm25 }
    - { name: dense, mode: dense }
    - { name: hybrid, mode: hybrid }
checks:
  - { metric: hit@3, min: 0.5 }
`);
  config.output = path.join(dir, 'out');
  const { report } = await runExperiment(config, { cacheDir: path.join(dir, 'cache') });

  it('report.md', () => golden('tiny-report.md', renderMarkdown(stable(report))));
  it('metrics.csv', () => golden('tiny-metrics.csv', renderCsv(stable(report))));
});
