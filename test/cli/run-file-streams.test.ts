import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * eval, pool, fuse and tune read run files query by query (issue 40, item 9): these pin the
 * commands' answers on runs worked out by hand, runs listing queries in different orders, runs
 * whose query lines are not together (refused at the line), and the empty run pool used to take
 * silently (item 10).
 */
const dir = tmpDir('testbed-run-streams-');
const file = (name: string, lines: string[]) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, lines.length ? lines.join('\n') + '\n' : '');
  return p;
};
const cli = (...argv: string[]) => runCli(argv);
const STACK = /\n\s+at /;

// Query q has documents d1..d5 with score q*10 + 5 - i, written worst first: ranked d1..d5.
const generated: string[] = [];
for (let q = 1; q <= 2; q++) for (let i = 5; i >= 1; i--) generated.push(`q${q} Q0 d${i} ${6 - i} ${q * 10 + 5 - i} g`);
const GENERATED = file('generated.trec', generated);
const QRELS = file('qrels.tsv', ['query-id\tcorpus-id\tscore', 'q1\td1\t1', 'q2\td3\t1']);
const UNGROUPED = file('ungrouped.trec', ['q1 Q0 a 1 3 t', 'q2 Q0 b 1 2 t', '', 'q1 Q0 c 2 1 t']);

/** The `metric all value` lines of eval's stdout, as numbers. */
function means(out: string): Record<string, number> {
  return Object.fromEntries(
    out
      .trim()
      .split('\n')
      .map((l) => l.split('\t'))
      .filter(([, qid]) => qid === 'all')
      .map(([label, , value]) => [label!.trim(), Number(value)]),
  );
}

describe('eval on a run read query by query', () => {
  it('scores the generated run as worked out: q1 finds d1 at rank 1, q2 finds d3 at rank 3', async () => {
    const r = await cli('eval', QRELS, GENERATED, '--metrics', 'P@1,recip_rank,recall@2');
    expect(r.code, r.err).toBe(0);
    // P@1: q1 1, q2 0 -> 0.5. RR: 1 and 1/3 -> 2/3. recall@2: 1 and 0 -> 0.5.
    const m = means(r.out);
    expect(m['precision@1']).toBeCloseTo(0.5, 4);
    expect(m.mrr).toBeCloseTo(2 / 3, 4);
    expect(m['recall@2']).toBeCloseTo(0.5, 4);
  });

  it('refuses a run whose query comes back after another, naming file and line, with no stack trace', async () => {
    const r = await cli('eval', QRELS, UNGROUPED);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${UNGROUPED}:4 (field "qid"): query "q1" comes back after other queries`);
    expect(r.err).not.toMatch(STACK);
    expect(r.out).toBe('');
  });
});

describe('pool', () => {
  const out = path.join(dir, 'pool.tsv');

  it('refuses an empty run as fuse and tune do, writing nothing; --allow-empty pools it', async () => {
    for (const empty of [file('empty.trec', []), file('blank.trec', ['', '  '])]) {
      fs.rmSync(out, { force: true });
      const r = await cli('pool', GENERATED, empty, '--depth', '2', '--out', out);
      expect(r.code).toBe(2);
      expect(r.err).toContain(
        `${empty}: the run is empty (no lines): check the file, or give --allow-empty to pool it anyway`,
      );
      expect(fs.existsSync(out)).toBe(false);
      const allowed = await cli('pool', GENERATED, empty, '--depth', '2', '--out', out, '--allow-empty');
      expect(allowed.code, allowed.err).toBe(0);
      // Depth 2 of the generated run: d1, d2 for each query; the empty run adds nothing.
      expect(fs.readFileSync(out, 'utf8')).toBe(
        ['query-id\tcorpus-id\tjudged', 'q1\td1\t', 'q1\td2\t', 'q2\td1\t', 'q2\td2\t', ''].join('\n'),
      );
    }
  });

  it('refuses a run whose query comes back, at its line', async () => {
    const r = await cli('pool', GENERATED, UNGROUPED, '--depth', '2', '--out', out);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${UNGROUPED}:4 (field "qid"): query "q1" comes back after other queries`);
  });
});

describe('fuse merges runs that list their queries in different orders', () => {
  // A lists q2 before q1 (read by byte range), B in byte order (read straight through).
  const A = file('a.trec', ['q2 Q0 a 1 5 A', 'q2 Q0 b 2 3 A', 'q1 Q0 c 1 2 A', 'q1 Q0 d 2 1 A']);
  const B = file('b.trec', ['q1 Q0 d 1 9 B', 'q1 Q0 e 2 8 B', 'q2 Q0 b 1 7 B']);
  const out = path.join(dir, 'fused.trec');

  it('rrf, k 60: each document gets the sum of 1/(60 + its rank) over the runs', async () => {
    const r = await cli('fuse', A, B, '--method', 'rrf', '--out', out);
    expect(r.code, r.err).toBe(0);
    // q1: c rank 1 in A; d rank 2 in A and 1 in B; e rank 2 in B. q2: a rank 1 in A; b rank 2 in A, 1 in B.
    const expected = [
      ['q1', 'd', 1 / 62 + 1 / 61],
      ['q1', 'c', 1 / 61],
      ['q1', 'e', 1 / 62],
      ['q2', 'b', 1 / 62 + 1 / 61],
      ['q2', 'a', 1 / 61],
    ] as const;
    const lines = fs
      .readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(' '));
    expect(lines.map(([q, , id, rank, , tag]) => [q, id, rank, tag])).toEqual(
      expected.map(([q, id], i) => [q, id, String(i < 3 ? i + 1 : i - 2), 'fuse-rrf']),
    );
    lines.forEach((l, i) => expect(Number(l[4])).toBeCloseTo(expected[i]![2], 8));
    expect(r.err).toContain(`wrote ${out}: 2 queries, 5 lines`);
  });

  it('refuses a run whose query comes back, at its line, leaving no output', async () => {
    fs.rmSync(out, { force: true });
    const r = await cli('fuse', A, UNGROUPED, '--method', 'rrf', '--out', out);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${UNGROUPED}:4 (field "qid"): query "q1" comes back after other queries`);
    expect(fs.existsSync(out)).toBe(false);
  });
});

describe('tune refuses a run whose query comes back, at its line', () => {
  it('names the file and line', async () => {
    const r = await cli(
      'tune',
      GENERATED,
      UNGROUPED,
      '--qrels',
      QRELS,
      '--folds',
      '2',
      '--out',
      path.join(dir, 't.trec'),
    );
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${UNGROUPED}:4 (field "qid"): query "q1" comes back after other queries`);
  });
});
