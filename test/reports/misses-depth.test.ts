import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { runExperiment } from '../../src/experiments/runner.js';
import { renderMarkdown } from '../../src/reports/markdown.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

describe('misses say how deep "not retrieved" looked', () => {
  it('records the retrieval depth and prints it for a miss with no relevant document in the list', async () => {
    const dir = tmpDir('misses-depth-');
    const config = parseExperimentConfig(`name: depth
corpus: ${TINY_BEIR}
output: ${path.join(dir, 'out')}
ks: [1, 3, 150]
context_k: 1
rerank_depth: 3
grid:
  chunkers: [doc]
  embedders: ['hash:64']
  retrievers: [{ name: dense, mode: dense }]
`);
    const { report } = await runExperiment(config, { cacheDir: path.join(dir, 'cache') });
    // depth = max(100, context_k, rerank_depth, every k, every metric's cutoff) = max(100, 1, 3, 150, 10 of ndcg@10)
    expect(report.retrievalDepth).toBe(150);

    const c = report.configs[0]!;
    c.failures = [
      {
        queryId: 'q4',
        query: 'what port does harbor need',
        tags: {},
        gold: [{ id: 'install-linux', grade: 2 }],
        firstRelevantRank: null,
        bucket: 'not-retrieved',
        foundBy: 'neither',
        cause: 'vocabulary-mismatch',
        answersAcrossChunks: [],
      },
    ];
    const md = renderMarkdown(report);
    expect(md).toContain(
      '`not-retrieved` (no relevant document in the top 150, the depth each configuration retrieved)',
    );
    expect(md).toContain('| q4 | what port does harbor need | install-linux (2) | not in top 150 |');
  });
});
