import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { normRows, registerNorm } from '../../src/fusion/norm-registry.js';
import { NORM_TABLE, type NormRow } from '../../src/fusion/norm-table.js';
import { parseSearchSpec } from '../../src/pipeline/search-spec.js';
import { fuse, fuseFixture } from '../cli/fuse-fixture.js';
import { runCli } from '../helpers/cli.js';

const { dir, BM25, DENSE } = fuseFixture();

/** A normalisation for this test only: every score halved, so fused values are easy to work out. */
const half: NormRow = { name: 'half', formula: 's / 2', normalise: (scores) => scores.map((s) => s / 2) };

let unregister: (() => void) | undefined;
afterEach(() => {
  unregister?.();
  unregister = undefined;
});

describe('a normalisation registered with one call', () => {
  it('is listed by testbed fuse --help and taken by --norm, and gone once unregistered', async () => {
    const before = (await runCli(['fuse', '--help'])).out;
    unregister = registerNorm(half);
    const help = (await runCli(['fuse', '--help'])).out;
    // The normalisations' name column is their own: 18 wide, minmax_inverted and 3.
    expect(help).toContain(
      `\n  ${'minmax_inverted'.padEnd(18)}(max - s) / (max - min), for distances; all-equal scores give 1\n  ${'borda'.padEnd(18)}(C - rank + 1) / C; absent: (C - n + 1) / (2C); C = documents of all runs, n = the run's length\n  ${'half'.padEnd(18)}s / 2\n`,
    );
    expect(help).toContain(
      '--norm N            minmax | zscore | max | sum | rank | minmax_inverted | borda | half (default minmax',
    );

    const out = path.join(dir, 'half.trec');
    expect((await fuse(BM25, DENSE, '--method', 'combsum', '--norm', 'half', '--out', out)).code).toBe(0);
    // q2: bm25 d2 4, d7 2; dense d7 0.9, d2 0.3, d1 0.1; combsum adds the halves (legs in name order: bm25, dense).
    const q2 = fs
      .readFileSync(out, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('q2 '));
    expect(q2).toEqual([
      `q2 Q0 d2 1 ${4 / 2 + 0.3 / 2} fuse-combsum`,
      `q2 Q0 d7 2 ${2 / 2 + 0.9 / 2} fuse-combsum`,
      `q2 Q0 d1 3 ${0.1 / 2} fuse-combsum`,
    ]);

    unregister();
    unregister = undefined;
    expect((await runCli(['fuse', '--help'])).out).toBe(before);
    expect((await fuse(BM25, DENSE, '--method', 'combsum', '--norm', 'half', '--out', out)).err).toMatch(
      /unknown normalisation "half"/,
    );
  });

  it("is a pipeline's fusion.norm while registered", () => {
    const spec = { legs: [{ type: 'lexical' }, { type: 'dense' }], fusion: { method: 'combsum', norm: 'half' } };
    expect(() => parseSearchSpec(spec)).toThrow(/\(field "fusion\.norm"\): Invalid option/);
    unregister = registerNorm(half);
    expect(parseSearchSpec(spec).pipeline.fusion).toMatchObject({ method: 'combsum', norm: 'half' });
  });

  it('is refused when its name is taken', () => {
    expect(() => registerNorm({ ...half, name: 'zscore' })).toThrow(/already named "zscore"/);
    expect(normRows()).toEqual(NORM_TABLE);
  });
});
