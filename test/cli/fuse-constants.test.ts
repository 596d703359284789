import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { sig12 } from '../helpers/fused-score.js';
import { fuse, fuseFixture } from './fuse-fixture.js';

const { dir, BM25, DENSE } = fuseFixture();

/** Fuses the fixture's two runs and returns the written lines of one query, tag `t`. */
async function fused(query: string, ...flags: string[]): Promise<string[]> {
  const out = path.join(dir, `${flags.join('_').replace(/[^a-z0-9_.-]/gi, '')}.trec`);
  const r = await fuse(BM25, DENSE, ...flags, '--tag', 't', '--out', out);
  expect(r.code, r.err).toBe(0);
  return fs
    .readFileSync(out, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith(`${query} `));
}

/** id -> score of written lines. */
const scores = (lines: string[]) => Object.fromEntries(lines.map((l) => [l.split(' ')[2], Number(l.split(' ')[4])]));

// q1 in trec_eval's order (score descending, ties by docid descending):
//   bm25  d1 12.5, d3 9.1, d2 9.1, d4 3.0, d5 1.0         (5 documents)
//   dense d3 0.81, d6 0.79, é 0.5, d1 0.5                 (4 documents)
// q2: bm25 d2 4, d7 2; dense d7 0.9, d2 0.3, d1 0.1.

describe('testbed fuse --norm borda', () => {
  it('q1: (C - rank + 1) / C where a run ranks d, (C - n + 1) / (2C) where it does not, C = 7; combsum adds the two', async () => {
    const C = 7;
    const absentBm25 = (C - 5 + 1) / (2 * C); // d6, é
    const absentDense = (C - 4 + 1) / (2 * C); // d2, d4, d5
    const expected = {
      d3: 6 / C + 7 / C, // 13/7
      d1: 7 / C + 4 / C, // 11/7
      d6: absentBm25 + 6 / C, // 15/14
      d2: 5 / C + absentDense, // 1
      é: absentBm25 + 5 / C, // 13/14
      d4: 4 / C + absentDense, // 6/7
      d5: 3 / C + absentDense, // 5/7
    };
    const lines = await fused('q1', '--method', 'combsum', '--norm', 'borda');
    expect(lines).toEqual(Object.entries(expected).map(([id, s], i) => `q1 Q0 ${id} ${i + 1} ${sig12(s)} t`));
  });

  it('testbed fuse --help lists it with its formula', async () => {
    expect((await runCli(['fuse', '--help'])).out).toContain(
      "  borda             (C - rank + 1) / C; absent: (C - n + 1) / (2C); C = documents of all runs, n = the run's length\n",
    );
  });
});

describe('testbed fuse --gamma (combgmnz: n(d)^γ · Σ norm)', () => {
  it("γ 0 is combsum and γ 1 combmnz, line for line (ranx's identity)", async () => {
    for (const q of ['q1', 'q2']) {
      expect(await fused(q, '--method', 'combgmnz', '--gamma', '0', '--norm', 'zscore')).toEqual(
        await fused(q, '--method', 'combsum', '--norm', 'zscore'),
      );
      expect(await fused(q, '--method', 'combgmnz', '--gamma', '1', '--norm', 'zscore')).toEqual(
        await fused(q, '--method', 'combmnz', '--norm', 'zscore'),
      );
    }
  });

  it('γ 0.3 on q2, min-max: bm25 d2 1, d7 0; dense d7 1, d2 (0.3 - 0.1) / 0.8, d1 0', async () => {
    const lines = await fused('q2', '--method', 'combgmnz', '--gamma', '0.3');
    expect(scores(lines)).toEqual({
      d2: sig12(2 ** 0.3 * (1 + 0.2 / 0.8)),
      d7: sig12(2 ** 0.3 * (0 + 1)),
      d1: 0,
    });
  });

  it('without --gamma it is γ 0.5, as before', async () => {
    expect(await fused('q1', '--method', 'combgmnz')).toEqual(
      await fused('q1', '--method', 'combgmnz', '--gamma', '0.5'),
    );
  });
});

describe('testbed fuse --sigma (logn_isr: ln(n(d) + σ) · Σ w / rank²)', () => {
  it('σ 0.5 on q1', async () => {
    const both = Math.log(2 + 0.5);
    const one = Math.log(1 + 0.5);
    const lines = await fused('q1', '--method', 'logn_isr', '--sigma', '0.5');
    expect(scores(lines)).toEqual({
      d1: sig12(both * (1 / 1 ** 2 + 1 / 4 ** 2)),
      d3: sig12(both * (1 / 2 ** 2 + 1 / 1 ** 2)),
      d2: sig12(one / 3 ** 2),
      d4: sig12(one / 4 ** 2),
      d5: sig12(one / 5 ** 2),
      d6: sig12(one / 2 ** 2),
      é: sig12(one / 3 ** 2),
    });
  });

  it("without --sigma it is σ 0.01 (ranx's default), as before", async () => {
    expect(await fused('q1', '--method', 'logn_isr')).toEqual(
      await fused('q1', '--method', 'logn_isr', '--sigma', '0.01'),
    );
  });

  it('the message says which γ or σ it used', async () => {
    const out = path.join(dir, 'said.trec');
    const r = await fuse(BM25, DENSE, '--method', 'logn_isr', '--sigma', '0.25', '--out', out);
    expect(r.err).toContain('(logn_isr sigma 0.25 over bm25 ×1, dense ×1, k 1000)');
    const g = await fuse(BM25, DENSE, '--method', 'combgmnz', '--out', out);
    expect(g.err).toContain('(combgmnz norm minmax gamma 0.5 over bm25 ×1, dense ×1, k 1000)');
  });
});

describe('testbed fuse refuses --gamma and --sigma that do not fit (exit 2, the flag named)', () => {
  const out = path.join(dir, 'never.trec');
  it.each([
    [['--method', 'combsum', '--gamma', '0.5'], '--gamma applies to combgmnz only, not combsum'],
    [['--method', 'rrf', '--sigma', '0.5'], '--sigma applies to logn_isr only, not rrf'],
    [['--method', 'logn_isr', '--gamma', '0.5'], '--gamma applies to combgmnz only, not logn_isr'],
    [['--method', 'combgmnz', '--sigma', '0.5'], '--sigma applies to logn_isr only, not combgmnz'],
    [['--method', 'combgmnz', '--gamma=-0.5'], '--gamma must be a number in [0, 1000000], got "-0.5"'],
    [['--method', 'combgmnz', '--gamma', 'NaN'], '--gamma must be a number in [0, 1000000], got "NaN"'],
    [['--method', 'combgmnz', '--gamma', 'half'], '--gamma must be a number in [0, 1000000], got "half"'],
    [['--method', 'combgmnz', '--gamma', 'Infinity'], '--gamma must be a number in [0, 1000000], got "Infinity"'],
    [['--method', 'logn_isr', '--sigma=-0.01'], '--sigma must be a number in [0, 1], got "-0.01"'],
    [['--method', 'logn_isr', '--sigma', '1.5'], '--sigma must be a number in [0, 1], got "1.5"'],
    [['--method', 'logn_isr', '--sigma', 'NaN'], '--sigma must be a number in [0, 1], got "NaN"'],
    [['--method', 'logn_isr', '--sigma', ''], '--sigma must be a number in [0, 1], got ""'],
  ])('%j', async (flags, message) => {
    const r = await fuse(BM25, DENSE, ...flags, '--out', out);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`testbed fuse: ${message}\n`);
    expect(fs.existsSync(out)).toBe(false);
  });
});
