import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fuse, fuseFixture } from './fuse-fixture.js';
import { sig12 } from '../helpers/fused-score.js';

/**
 * `testbed fuse` checked against a second implementation of the same formulas, written here from
 * the definitions and sharing no code with src/fusion (its own run parser, byte-order sort and
 * normalisation), as test/metrics/independent-agreement.test.ts does for `testbed eval`.
 */
const { dir, file, BM25, DENSE } = fuseFixture();

/** A run file as the independent check reads it: qid -> [docid, score], in the order written. */
function parseRun(p: string): Map<string, [string, number][]> {
  const run = new Map<string, [string, number][]>();
  for (const line of fs.readFileSync(p, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const [qid, , doc, , score] = line.split(/\s+/) as [string, string, string, string, string];
    if (!run.has(qid)) run.set(qid, []);
    run.get(qid)!.push([doc, Number(score)]);
  }
  return run;
}

/** trec_eval's ranking: score descending, ties by docid descending in UTF-8 byte order (strcmp). */
const byteDesc = (a: string, b: string) => Buffer.compare(Buffer.from(b, 'utf8'), Buffer.from(a, 'utf8'));
const rankRun = (docs: [string, number][]) =>
  [...docs].sort((x, y) => (x[1] !== y[1] ? y[1] - x[1] : byteDesc(x[0], y[0])));

/**
 * The independent implementation, written from the formulas (Cormack et al. 2009 for RRF, Fox &
 * Shaw 1993 for CombSUM/CombMNZ, min-max per run and query, absent = 0, all-equal -> 1), sharing
 * no code with src/fusion.
 */
function independentFuse(
  files: string[],
  method: 'rrf' | 'combsum' | 'combmnz' | 'wsum',
  weights: number[],
  depth = Infinity,
): Map<string, [string, number][]> {
  const runs = files.map(parseRun);
  const qids = new Set(runs.flatMap((r) => [...r.keys()]));
  const out = new Map<string, [string, number][]>();
  for (const qid of qids) {
    const total = new Map<string, number>();
    const hits = new Map<string, number>();
    runs.forEach((run, j) => {
      const ranked = rankRun(run.get(qid) ?? []).slice(0, depth);
      const scores = ranked.map(([, s]) => s);
      const lo = Math.min(...scores);
      const hi = Math.max(...scores);
      ranked.forEach(([doc, s], i) => {
        const rank = i + 1;
        const minmax = hi > lo ? (s - lo) / (hi - lo) : 1;
        const value = method === 'rrf' ? 1 / (60 + rank) : minmax;
        total.set(doc, (total.get(doc) ?? 0) + weights[j]! * value);
        hits.set(doc, (hits.get(doc) ?? 0) + 1);
      });
    });
    const fused: [string, number][] = [...total].map(([doc, s]) => [
      doc,
      method === 'combmnz' ? s * hits.get(doc)! : s,
    ]);
    out.set(qid, rankRun(fused));
  }
  return out;
}

function expectSameRun(written: Map<string, [string, number][]>, expected: Map<string, [string, number][]>) {
  expect([...written.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [qid, docs] of expected) {
    const got = written.get(qid)!;
    expect(
      got.map(([d]) => d),
      qid,
    ).toEqual(docs.map(([d]) => d));
    got.forEach(([d, s], i) => expect(Math.abs(s - docs[i]![1]), `${qid} ${d}`).toBeLessThanOrEqual(1e-9));
  }
}

describe('testbed fuse agrees with an independent implementation (to 1e-9 per score)', () => {
  const cases: [string, string[], 'rrf' | 'combsum' | 'combmnz' | 'wsum', number[]][] = [
    ['rrf (k 60, equal weights)', ['--method', 'rrf'], 'rrf', [1, 1]],
    ['combsum, min-max', ['--method', 'combsum', '--norm', 'minmax'], 'combsum', [1, 1]],
    ['combmnz, min-max', ['--method', 'combmnz'], 'combmnz', [1, 1]],
    ['wsum, min-max, weights 0.3,0.7', ['--method', 'wsum', '--weights', '0.3,0.7'], 'wsum', [0.3, 0.7]],
  ];
  for (const [label, flags, method, weights] of cases) {
    it(label, async () => {
      const out = path.join(dir, `${method}.trec`);
      const r = await fuse(BM25, DENSE, ...flags, '--out', out);
      expect(r.code, r.err).toBe(0);
      expectSameRun(parseRun(out), independentFuse([BM25, DENSE], method, weights));
    });
  }

  it('--depth cuts each run before fusing, --k the fused list', async () => {
    const out = path.join(dir, 'depth.trec');
    const r = await fuse(BM25, DENSE, '--method', 'wsum', '--weights', '1,2', '--depth', '2', '--k', '3', '--out', out);
    expect(r.code, r.err).toBe(0);
    const expected = new Map(
      [...independentFuse([BM25, DENSE], 'wsum', [1, 2], 2)].map(([q, docs]) => [q, docs.slice(0, 3)]),
    );
    expectSameRun(parseRun(out), expected);
  });
});

describe('testbed fuse ties', () => {
  it('equal fused scores are written id descending in byte order (trec_eval), whichever run ranked them first', async () => {
    // a and B swap places between the runs; "é" (bytes C3 A9) and "z" are rank 3 in one run each.
    const one = file('one.trec', 'q Q0 a 1 9 x\nq Q0 B 2 8 x\nq Q0 é 3 7 x\n');
    const two = file('two.trec', 'q Q0 B 1 9 x\nq Q0 a 2 8 x\nq Q0 z 3 7 x\n');
    const out = path.join(dir, 'ties.trec');
    expect((await fuse(one, two, '--method', 'rrf', '--out', out)).code).toBe(0);
    // a, B: 1/61 + 1/62 each; é, z: 1/63 each (12 significant digits). Bytes: "B" 42 < "a" 61; "z" 7A < "é" C3.
    expect(fs.readFileSync(out, 'utf8')).toBe(
      [
        `q Q0 a 1 ${sig12(1 / 61 + 1 / 62)} fuse-rrf`,
        `q Q0 B 2 ${sig12(1 / 61 + 1 / 62)} fuse-rrf`,
        `q Q0 é 3 ${sig12(1 / 63)} fuse-rrf`,
        `q Q0 z 4 ${sig12(1 / 63)} fuse-rrf`,
        '',
      ].join('\n'),
    );
    // The same holds with the runs given the other way round.
    const swapped = path.join(dir, 'ties-swapped.trec');
    await fuse(two, one, '--method', 'rrf', '--out', swapped);
    expect(fs.readFileSync(swapped, 'utf8')).toBe(fs.readFileSync(out, 'utf8'));
  });
});
