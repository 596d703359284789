import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fusionMethodNames } from '../../src/fusion/method-registry.js';
import { fuse, fuseFixture } from './fuse-fixture.js';
import { sig12 } from '../helpers/fused-score.js';

const { dir, file, BM25, DENSE } = fuseFixture();

describe('testbed fuse output', () => {
  it('writes ranks 1..n in trec_eval order, tag fuse-METHOD, and says what it did', async () => {
    const out = path.join(dir, 'rrf-lines.trec');
    const r = await fuse(BM25, DENSE, '--method', 'rrf', '--out', out);
    // q1 7 documents (d1-d6, é), q2 3, q3 2, q4 1: 13 lines
    // Each run's coverage first: bm25 q1 (5 lines) q2 (2) q3 (2), q3 in no other run; dense q1 (4) q2 (3) q4 (1).
    expect(r.err).toBe(
      `run ${BM25}: 3 queries, ${5 + 2 + 2} lines; 1 of the queries in no other run\n` +
        `run ${DENSE}: 3 queries, ${4 + 3 + 1} lines; 1 of the queries in no other run\n` +
        `wrote ${out}: 4 queries, ${7 + 3 + 2 + 1} lines (rrf k 60 over bm25 ×1, dense ×1, k 1000)\n`,
    );
    const lines = fs.readFileSync(out, 'utf8').trim().split('\n');
    // q2: bm25 d2 (4) d7 (2); dense d7 (0.9) d2 (0.3) d1 (0.1): d2 and d7 tie at 1/61 + 1/62,
    // written to 12 significant digits.
    expect(lines.filter((l) => l.startsWith('q2 '))).toEqual([
      `q2 Q0 d7 1 ${sig12(1 / 61 + 1 / 62)} fuse-rrf`,
      `q2 Q0 d2 2 ${sig12(1 / 62 + 1 / 61)} fuse-rrf`,
      `q2 Q0 d1 3 ${sig12(1 / 63)} fuse-rrf`,
    ]);
  });
});

describe('testbed fuse refuses bad input', () => {
  const out = path.join(dir, 'never.trec');

  it('a score that is not a number, naming file:line', async () => {
    const bad = file('bad.trec', 'q1 Q0 d1 1 1.5 t\nq1 Q0 d2 2 NaN t\n');
    const r = await fuse(BM25, bad, '--method', 'rrf', '--out', out);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`testbed fuse: ${bad}:2 (field "score"): score must be a number, got "NaN"\n`);
    expect(fs.existsSync(out)).toBe(false);
  });

  it('options that do not fit the method or the runs', async () => {
    const cases: [string[], string][] = [
      [
        [BM25, DENSE, '--method', 'rrf', '--norm', 'zscore', '--out', out],
        '--norm applies to the score methods (combsum, combmnz, combgmnz, combmax, combmin, combmed, combanz, wsum, wmnz); rrf reads ranks only',
      ],
      [
        [BM25, DENSE, '--method', 'dbsf', '--norm', 'zscore', '--out', out],
        'dbsf reads raw scores and normalises them itself',
      ],
      [[BM25, DENSE, '--method', 'wsum', '--rrf-k', '10', '--out', out], '--rrf-k applies to rrf only, not wsum'],
      [[BM25, DENSE, '--method', 'wsum', '--weights', '1', '--out', out], '--weights gives 1 weights for 2 runs'],
      [[BM25, DENSE, '--method', 'wsum', '--weights', '0,0', '--out', out], '--weights are all 0'],
      [[BM25, DENSE, '--method', 'wsum', '--weights', '1,Infinity', '--out', out], '--weights must be numbers >= 0'],
      [
        [BM25, DENSE, '--method', 'rrf', '--rrf-k', '0', '--out', out],
        '--rrf-k must be a number > 0 and <= 1000000, got "0"',
      ],
      [
        [BM25, DENSE, '--method', 'rrf', '--rrf-k', '20', '--param', 'rrf_k=30', '--out', out],
        '--param rrf_k sets rrf_k again (--rrf-k set it)',
      ],
      [
        [BM25, DENSE, '--method', 'rrf', '--param', 'rrf_k', '--out', out],
        '--param needs NAME=X (rrf_k=20), got "rrf_k"',
      ],
      [
        [BM25, DENSE, '--method', 'wsum', '--param', 'rrf_k=10', '--out', out],
        '--param rrf_k applies to rrf only, not wsum',
      ],
      [
        [BM25, DENSE, '--method', 'combo', '--out', out],
        `unknown fusion method "combo"; the methods are ${fusionMethodNames().join(', ')}`,
      ],
      [
        [BM25, DENSE, '--method', 'combsum', '--norm', 'l2', '--out', out],
        'unknown normalisation "l2"; the normalisations are minmax, zscore, max, sum, rank',
      ],
      [[BM25, '--method', 'rrf', '--out', out], 'fuse needs at least two run files, got 1'],
      [[BM25, DENSE, '--out', out], 'missing --method M'],
      [[BM25, DENSE, '--method', 'rrf'], 'missing --out FILE'],
      [[BM25, BM25, '--method', 'rrf', '--out', out], 'the same run file is given twice'],
    ];
    for (const [argv, message] of cases) {
      const r = await fuse(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err, argv.join(' ')).toContain(message);
    }
  });
});
