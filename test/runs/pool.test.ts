import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { buildPool, type PoolRun } from '../../src/runs/pool.js';
import { formatPool, readPool, writePool } from '../../src/runs/pool-file.js';
import { tmpDir } from '../helpers/tmp.js';

const run = (name: string, rankings: Record<string, string[]>): PoolRun => ({
  name,
  rankings: new Map(Object.entries(rankings)),
});

const qrels = new Map([
  [
    'q1',
    new Map([
      ['a', 2],
      ['b', 0],
      ['p', -1],
    ]),
  ],
  ['q2', new Map([['z', 1]])],
]);

describe('buildPool', () => {
  const bm25 = run('bm25', { q1: ['a', 'b', 'c', 'd'], q2: ['z', 'y'] });
  const dense = run('dense', { q1: ['c', 'e', 'a', 'f'], q3: ['m'] });

  it('is the union per query of each run top D documents, sorted, judged pairs marked with their grade', () => {
    const pool = buildPool([bm25, dense], qrels, 2, 'doc');
    expect(pool.entries).toEqual([
      // q1: bm25 top 2 {a, b} ∪ dense top 2 {c, e}
      { queryId: 'q1', docId: 'a', grade: 2 },
      { queryId: 'q1', docId: 'b', grade: 0 },
      { queryId: 'q1', docId: 'c', grade: undefined },
      { queryId: 'q1', docId: 'e', grade: undefined },
      // q2: bm25 only
      { queryId: 'q2', docId: 'y', grade: undefined },
      { queryId: 'q2', docId: 'z', grade: 1 },
      // q3: dense only, not in the qrels at all
      { queryId: 'q3', docId: 'm', grade: undefined },
    ]);
    expect([pool.judged, pool.unjudged]).toEqual([3, 4]);
  });

  it('counts, per run, how many of its top-D pairs are unjudged', () => {
    const depth = 3;
    const pool = buildPool([bm25, dense], qrels, depth, 'doc');
    // Computed here from the inputs: a pair is judged when the qrels give it a grade of 0 or more.
    const holes = (r: PoolRun) => {
      let pairs = 0;
      let unjudged = 0;
      for (const [qid, ids] of r.rankings)
        for (const id of ids.slice(0, depth)) {
          pairs++;
          if (!((qrels.get(qid)?.get(id) ?? -1) >= 0)) unjudged++;
        }
      return { name: r.name, pairs, unjudged };
    };
    expect(pool.runs).toEqual([holes(bm25), holes(dense)]);
    // bm25: q1 a b c (c unjudged), q2 z y (y unjudged) -> 2 of 5; dense: q1 c e a (c, e), q3 m -> 3 of 4.
    expect(pool.runs.map((r) => [r.unjudged, r.pairs])).toEqual([
      [2, 5],
      [3, 4],
    ]);
  });

  it('a -1 grade ("pooled, not judged") is a hole: unmarked, and counted unjudged', () => {
    const pool = buildPool([run('x', { q1: ['p'] })], qrels, 10, 'doc');
    expect(pool.entries).toEqual([{ queryId: 'q1', docId: 'p', grade: undefined }]);
    expect(pool.runs[0]).toEqual({ name: 'x', pairs: 1, unjudged: 1 });
  });

  it('at chunk level maps chunks to documents; depth counts ranks, a document counts once', () => {
    // Top 3 ranks: a#0, a#1 (a again: adds nothing), c#2. d#0 is at rank 4, below the depth.
    const pool = buildPool([run('chunks', { q1: ['a#0', 'a#1', 'c#2', 'd#0'] })], qrels, 3, 'chunk');
    expect(pool.entries.map((e) => e.docId)).toEqual(['a', 'c']);
    expect(pool.runs[0]).toEqual({ name: 'chunks', pairs: 2, unjudged: 1 });
  });
});

describe('pool files', () => {
  const dir = tmpDir('testbed-pool-');

  it('are TSV with a header, an empty judged column for a hole, and read back as written', async () => {
    const entries = [
      { queryId: 'q1', docId: 'a', grade: 2 },
      { queryId: 'q1', docId: 'c', grade: undefined },
    ];
    expect(formatPool(entries)).toBe('query-id\tcorpus-id\tjudged\nq1\ta\t2\nq1\tc\t\n');
    const file = path.join(dir, 'sub', 'pool.tsv');
    writePool(file, entries);
    expect(await readPool(file)).toEqual(entries);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['pool.tsv']);
  });

  it('refuse an id holding a tab', () => {
    expect(() => formatPool([{ queryId: 'q\t1', docId: 'a', grade: undefined }])).toThrow(RangeError);
  });

  it('name the file and line of a bad header, a bad grade and a pair listed twice', async () => {
    const bad = async (text: string) => {
      const file = path.join(dir, 'bad.tsv');
      fs.writeFileSync(file, text);
      return readPool(file).then(
        () => undefined,
        (err: InputError) => err,
      );
    };
    const header = await bad('qid\tdoc\n');
    expect(header).toBeInstanceOf(InputError);
    expect(header?.where).toMatchObject({ line: 1 });
    expect((await bad('query-id\tcorpus-id\tjudged\nq1\ta\tx\n'))?.where).toMatchObject({ line: 2, field: 'judged' });
    const twice = await bad('query-id\tcorpus-id\tjudged\nq1\ta\t\nq1\ta\t1\n');
    expect(twice?.message).toMatch(/lines 2 and 3/);
    expect((await bad('query-id\tcorpus-id\tjudged\nq1\ta\n'))?.where).toMatchObject({ line: 2 });
  });
});
