import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnLines } from '../robustness/helpers/child-lines.js';
import { bm25Cell, bm25Grid } from '../helpers/bm25-grid.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * Ctrl-C in `testbed experiment` (issue 14): the command stops within a second or two even in
 * the middle of a cell, keeps the configurations it finished, says how to resume, and the same
 * command run again reuses them.
 */
const BIN = path.resolve(import.meta.dirname, '../../bin/testbed.js');
const DEMO = path.resolve(import.meta.dirname, '../../corpora/demo');
const CELLS = 16;

describe('testbed experiment and Ctrl-C', () => {
  const dir = tmpDir('exp-sigint-');
  const config = path.join(dir, 'sigint.yaml');
  const out = path.join(dir, 'out');
  const args = [BIN, 'experiment', config, '--out', out, '--cache-dir', path.join(dir, 'cache')];
  const cells = () =>
    fs.existsSync(path.join(out, 'cells'))
      ? fs
          .readdirSync(path.join(out, 'cells'))
          .filter((f) => f.endsWith('.json'))
          .sort()
      : [];
  let kept: string[] = [];

  it('stops within 2 s of SIGINT, keeping the finished configurations, and says how to resume', async () => {
    fs.writeFileSync(config, bm25Grid('sigint', DEMO, CELLS));
    const run = spawnLines(args, { cwd: dir });
    for (let i = 0; i < 3000 && cells().length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect(cells().length, run.stderr()).toBeGreaterThanOrEqual(2);
    const t0 = performance.now();
    run.child.kill('SIGINT');
    expect(await run.exited, run.stderr()).toBe(130);
    expect(performance.now() - t0).toBeLessThan(2000);
    kept = cells();
    expect(kept.length).toBeLessThan(CELLS);
    expect(run.stderr()).toContain(
      `SIGINT: stopped. ${kept.length} of ${CELLS} configurations are finished and kept in ${path.join(out, 'cells')}; run the same command again to resume from them:`,
    );
    expect(run.stderr()).toContain(`testbed experiment ${config} --out ${out} --cache-dir`);
    expect(fs.existsSync(path.join(out, 'report.json'))).toBe(false);
    // the experiment's process stopped with it: nothing is written after
    await new Promise((r) => setTimeout(r, 1000));
    expect(cells()).toEqual(kept);
  });

  it('the same command run again reuses them and finishes the rest', async () => {
    const run = spawnLines(args, { cwd: dir });
    expect(await run.exited, run.stderr()).toBe(0);
    const reused = run.lines.filter((l) => l.endsWith('(reused)')).map((l) => `${l.trim().split(/\s+/)[0]}.json`);
    expect(reused).toEqual(kept);
    expect(cells()).toEqual(Array.from({ length: CELLS }, (_, i) => bm25Cell(i)));
    // A fresh process that indexes and runs the cells the first run did not finish: seconds on a
    // quiet machine, over 60 s when the cores are shared (seen at load average 11).
  }, 240_000);
});
