import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NamedRun } from '../../src/fusion/fuse-runs.js';
import { collectJudgedLists } from '../../src/fusion/tune/judged-lists.js';
import { tuneFusion } from '../../src/fusion/tune/tune-fusion.js';
import { judgementsOf } from '../../src/metrics/judgements.js';
import { parseMetric } from '../../src/metrics/index.js';
import { readRunQueries } from '../../src/runs/run-queries.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * tune reads its run files query by query and keeps only what tuneFusion ranks (issue 40, item
 * 9): the judged queries' lists, each cut to --depth. A worked example, depth 2:
 *
 *   q1 (judged)    d1 0.2, d2 0.9, d3 0.5, d4 0.1   -> ranked d2 0.9, d3 0.5 | d1, d4 dropped
 *   q2 (unjudged)  e1 3, e2 2, e3 1                  -> id kept, no list
 *   q3 (judged)    f1 1                               -> f1 (shorter than the depth)
 *
 * The cut is taken after the list is ranked (trec_eval's order: by score, not by the file's
 * order), so d1, listed first, is dropped and d2 kept. The coverage check still sees all three
 * query ids and all 8 lines.
 */
const dir = tmpDir('testbed-judged-lists-');
const file = path.join(dir, 'run.trec');
fs.writeFileSync(
  file,
  [
    'q1 Q0 d1 1 0.2 r',
    'q1 Q0 d2 2 0.9 r',
    'q1 Q0 d3 3 0.5 r',
    'q1 Q0 d4 4 0.1 r',
    'q2 Q0 e1 1 3 r',
    'q2 Q0 e2 2 2 r',
    'q2 Q0 e3 3 1 r',
    'q3 Q0 f1 1 1 r',
  ].join('\n') + '\n',
);
const judged = new Set(['q1', 'q3']);

describe('collectJudgedLists keeps the judged queries only, each cut to the depth', () => {
  it('depth 2: q1 ranked then cut to d2, d3; q2 not kept; q3 whole; every id and line counted', async () => {
    const lists = await collectJudgedLists(readRunQueries(file), judged, 2);
    expect([...lists.run.keys()]).toEqual(['q1', 'q3']);
    expect(lists.run.get('q1')).toEqual([
      { id: 'd2', score: 0.9 },
      { id: 'd3', score: 0.5 },
    ]);
    expect(lists.run.get('q3')).toEqual([{ id: 'f1', score: 1 }]);
    expect(lists.run.has('q2')).toBe(false);
    expect(lists.queries).toEqual(['q1', 'q2', 'q3']);
    expect(lists.lines).toBe(8);
  });

  it('without a depth, the judged lists whole (tune --depth not given), still without q2', async () => {
    const lists = await collectJudgedLists(readRunQueries(file), judged);
    expect([...lists.run.keys()]).toEqual(['q1', 'q3']);
    expect(lists.run.get('q1')!.map((d) => d.id)).toEqual(['d2', 'd3', 'd1', 'd4']);
    expect(lists.lines).toBe(8);
  });

  it('depth 0 keeps the judged queries with empty lists, as tuneFusion cuts them', async () => {
    const lists = await collectJudgedLists(readRunQueries(file), judged, 0);
    expect([...lists.run.entries()]).toEqual([
      ['q1', []],
      ['q3', []],
    ]);
  });
});

describe('tuneFusion on the kept lists ranks as on the whole run and counts the same queries left out', () => {
  it('q2 is left out either way; the tuned run and its held-out mean are the same', async () => {
    const other = path.join(dir, 'other.trec');
    fs.writeFileSync(
      other,
      ['q1 Q0 d3 1 2 o', 'q1 Q0 d1 2 1 o', 'q3 Q0 f2 1 2 o', 'q3 Q0 f1 2 1 o', 'q4 Q0 g1 1 1 o'].join('\n') + '\n',
    );
    const qrels = new Map([
      ['q1', new Map([['d3', 1]])],
      ['q3', new Map([['f1', 1]])],
    ]);
    const options = { metric: parseMetric('mrr'), grid: { methods: ['rrf' as const] }, folds: 2, depth: 2 };
    const whole = async (f: string, name: string): Promise<NamedRun> => {
      const lists = await collectJudgedLists(readRunQueries(f), new Set(['q1', 'q2', 'q3', 'q4']));
      return { name, run: lists.run };
    };
    const kept = async (f: string, name: string) => {
      const lists = await collectJudgedLists(readRunQueries(f), judged, 2);
      return { name, run: lists.run, queryIds: lists.queries };
    };
    const full = tuneFusion([await whole(file, 'a'), await whole(other, 'b')], judgementsOf(qrels), options);
    const bounded = tuneFusion([await kept(file, 'a'), await kept(other, 'b')], judgementsOf(qrels), options);
    expect(bounded.run).toEqual(full.run);
    expect(bounded.heldOut).toEqual(full.heldOut);
    expect(bounded.leftOut).toBe(2); // q2 of a, q4 of b
    expect(full.leftOut).toBe(2);
  });
});
