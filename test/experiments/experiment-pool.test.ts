import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { poolNotice, writeExperimentPool } from '../../src/experiments/experiment-pool.js';
import { InputError } from '../../src/errors.js';
import { tmpDir } from '../helpers/tmp.js';

describe('an experiment pool (pool_depth)', () => {
  const dir = tmpDir('testbed-experiment-pool-');
  const qrels = path.join(dir, 'qrels.tsv');
  fs.writeFileSync(qrels, 'query-id\tcorpus-id\tscore\nq1\td1\t1\nq1\td2\t0\n');
  const config = (extra: string) =>
    parseExperimentConfig(
      `name: pooled\ncorpus: ${dir}\nqrels: ${qrels}\noutput: ${path.join(dir, 'out')}\n${extra}` +
        'grid:\n  retrievers:\n    - { name: bm25, mode: bm25 }\n',
    );
  // Chunk ids as a chunk-level experiment ranks them.
  const runs = new Map([
    ['bm25', { rankings: { q1: ['d1#0', 'd1#1', 'd3#0'] } }],
    ['dense', { rankings: { q1: ['d2#0', 'd4#0', 'd1#0'] } }],
  ]);

  it('writes <output>/pool.tsv over every configuration, at the experiment level', async () => {
    const written = await writeExperimentPool(config('pool_depth: 2\nlevel: chunk\n'), runs);
    const file = path.join(dir, 'out', 'pool.tsv');
    expect(written?.file).toBe(file);
    // Top 2 ranks: bm25 d1 (d1#1 repeats it), dense d2, d4.
    expect(fs.readFileSync(file, 'utf8')).toBe('query-id\tcorpus-id\tjudged\nq1\td1\t1\nq1\td2\t0\nq1\td4\t\n');
    // bm25's top 2 ranks hold d1 only (judged); dense's d2 (judged) and d4 (not).
    expect(poolNotice(written!)).toBe(
      `wrote ${file}: 3 pairs at depth 2, 1 of them unjudged (unjudged in each configuration's top 2: bm25 0 of 1, dense 1 of 2)`,
    );
  });

  it('writes nothing without pool_depth, and refuses a depth below 1', async () => {
    expect(await writeExperimentPool(config(''), runs)).toBeUndefined();
    expect(() => config('pool_depth: 0\n')).toThrow(InputError);
  });
});
