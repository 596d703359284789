import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { fuse, fuseFixture } from './fuse-fixture.js';

/**
 * `fuse` and `tune` print each run's queries and lines, and refuse a run that cannot take part
 * (empty, or no query id shared with the others) unless --allow-empty: fused silently, such a
 * run made `tune` report "+0.0000" as if fusion had been tried.
 */
const { dir, file, BM25, DENSE } = fuseFixture();
const EMPTY = file('empty.trec', '');
const BLANK = file('blank.trec', '\n  \n');
// The same documents as dense.trec under other query ids ("q-1" where the others say "q1").
const RENUMBERED = file(
  'renumbered.trec',
  'q-1 Q0 d1 1 0.5 x\nq-2 Q0 d7 1 0.9 x\nq-3 Q0 d2 1 0.3 x\nq-4 Q0 x 1 0.3 x\n',
);
const QRELS = file('qrels.tsv', 'query-id\tcorpus-id\tscore\nq1\td1\t1\nq2\td7\t1\n');
const tune = (...argv: string[]) => runCli(['tune', ...argv]);
const out = path.join(dir, 'out.trec');

describe('testbed fuse and tune refuse an empty run, naming the file', () => {
  for (const [command, run] of [
    ['fuse', (...files: string[]) => fuse(...files, '--method', 'rrf', '--out', out)],
    ['tune', (...files: string[]) => tune(...files, '--qrels', QRELS, '--folds', '2', '--out', out)],
  ] as const) {
    it(`${command}: a file with no lines, or only blank ones`, async () => {
      for (const empty of [EMPTY, BLANK]) {
        fs.rmSync(out, { force: true });
        const r = await run(BM25, empty);
        expect(r.code).toBe(2);
        expect(r.err).toContain(
          `${empty}: the run is empty (no lines): check the file, or give --allow-empty to fuse it anyway`,
        );
        expect(fs.existsSync(out)).toBe(false);
      }
    });

    it(`${command}: a run sharing no query id with the others, showing both sides' ids`, async () => {
      fs.rmSync(out, { force: true });
      const r = await run(BM25, DENSE, RENUMBERED);
      expect(r.code).toBe(2);
      expect(r.err).toContain(
        `${RENUMBERED}: no query id in common with the other runs (this one: "q-1", "q-2", "q-3" and 1 more; ` +
          `the others: "q1", "q2", "q3" and 1 more): check the query ids, or give --allow-empty to fuse it anyway`,
      );
      expect(fs.existsSync(out)).toBe(false);
    });
  }
});

describe('--allow-empty fuses them anyway, and the coverage lines show what was fused', () => {
  it('fuse: the empty run adds nothing; the renumbered run adds its own queries', async () => {
    const r = await fuse(BM25, EMPTY, RENUMBERED, '--method', 'rrf', '--out', out, '--allow-empty');
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain(`run ${BM25}: 3 queries, 9 lines; 3 of the queries in no other run\n`);
    expect(r.err).toContain(`run ${EMPTY}: 0 queries, 0 lines\n`);
    expect(r.err).toContain(`run ${RENUMBERED}: 4 queries, 4 lines; 4 of the queries in no other run\n`);
    // bm25's q1 q2 q3 and the renumbered run's q-1 .. q-4: seven queries, none fused with another run.
    const qids = new Set(
      fs
        .readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.split(' ')[0]),
    );
    expect([...qids].sort()).toEqual(['q-1', 'q-2', 'q-3', 'q-4', 'q1', 'q2', 'q3']);
  });

  it('tune: runs, and prints the coverage before its report', async () => {
    const r = await tune(BM25, EMPTY, '--qrels', QRELS, '--folds', '2', '--out', out, '--allow-empty');
    expect(r.code, r.err).toBe(0);
    // The coverage first; after the tuning, the line saying what the tuned run's judgements are.
    const [first, second, mix, ...rest] = r.err.split('\n');
    expect([first, second]).toEqual([
      `run ${BM25}: 3 queries, 9 lines; 3 of the queries in no other run`,
      `run ${EMPTY}: 0 queries, 0 lines`,
    ]);
    expect(mix).toMatch(/^tuned: judgements behind the top 10: /);
    expect(rest).toEqual(['']);
  });
});
