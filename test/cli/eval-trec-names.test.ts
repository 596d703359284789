import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_TREC } from '../../src/metrics/trec-names.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * `eval -m NAME --names trec` read the way a script reads trec_eval's output. Two queries:
 *   q1: relevant d1 (grade 1) and d2 (grade 2), d5 judged not relevant; the run ranks d1, d4, d2.
 *   q2: relevant d3, d6 judged not relevant; the run ranks d6, d3.
 */
const dir = tmpDir('testbed-trec-names-');
const qrels = path.join(dir, 'qrels.txt');
const run = path.join(dir, 'run.trec');
fs.writeFileSync(qrels, ['q1 0 d1 1', 'q1 0 d2 2', 'q1 0 d5 0', 'q2 0 d3 1', 'q2 0 d6 0', ''].join('\n'));
fs.writeFileSync(
  run,
  ['q1 Q0 d1 1 3 r', 'q1 Q0 d4 2 2 r', 'q1 Q0 d2 3 1 r', 'q2 Q0 d6 1 2 r', 'q2 Q0 d3 2 1 r', ''].join('\n'),
);

/** How a trec_eval script reads its output: whitespace-split lines of measure, query id, value. */
function parseTrecEval(text: string): Map<string, Map<string, number>> {
  const table = new Map<string, Map<string, number>>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const fields = line.trim().split(/\s+/);
    if (fields.length !== 3) throw new Error(`not a trec_eval line: ${JSON.stringify(line)}`);
    const [measure, qid, value] = fields as [string, string, string];
    if (!table.has(measure)) table.set(measure, new Map());
    table.get(measure)!.set(qid, Number(value));
  }
  return table;
}

const log2 = Math.log2;
// q1: DCG = 1/log2 2 + 2/log2 4 = 2; ideal order d2, d1: 2/log2 2 + 1/log2 3. q2: (1/log2 3) / (1/log2 2).
const NDCG_Q1 = 2 / (2 + 1 / log2(3));
const NDCG_Q2 = 1 / log2(3);
const EXPECTED: Record<string, Record<string, number>> = {
  ndcg_cut_10: { q1: NDCG_Q1, q2: NDCG_Q2, all: (NDCG_Q1 + NDCG_Q2) / 2 },
  P_5: { q1: 2 / 5, q2: 1 / 5, all: (2 / 5 + 1 / 5) / 2 },
  P_10: { q1: 2 / 10, q2: 1 / 10, all: (2 / 10 + 1 / 10) / 2 },
  recip_rank: { q1: 1, q2: 1 / 2, all: (1 + 1 / 2) / 2 },
  // q1: (1/1 + 2/3) / 2 relevant; q2: (1/2) / 1
  map: { q1: (1 + 2 / 3) / 2, q2: 1 / 2, all: ((1 + 2 / 3) / 2 + 1 / 2) / 2 },
  // R = 2 for q1 (top 2 holds d1), R = 1 for q2 (top 1 is d6)
  Rprec: { q1: 1 / 2, q2: 0, all: 1 / 4 },
  // q1: no judged non-relevant document above d1 or d2; q2: d6 (judged not relevant) is above d3
  bpref: { q1: 1, q2: 0, all: 1 / 2 },
  success_1: { q1: 1, q2: 0, all: 1 / 2 },
  recall_100: { q1: 1, q2: 1, all: 1 },
};

describe('eval --names trec', () => {
  it('-m with trec_eval names (repeated, and its P.5,10 form) prints lines a trec_eval script reads', async () => {
    const r = await runCli([
      'eval',
      qrels,
      run,
      '-m',
      'ndcg_cut_10',
      '-m',
      'P.5,10',
      '-m',
      'recip_rank,map,Rprec',
      '--metrics',
      'bpref,success_1,recall.100',
      '--names',
      'trec',
      '--per-query',
    ]);
    expect(r.code, r.err).toBe(0);
    const table = parseTrecEval(r.out);
    expect([...table.keys()]).toEqual(Object.keys(EXPECTED));
    for (const [measure, values] of Object.entries(EXPECTED)) {
      for (const [qid, value] of Object.entries(values)) {
        expect(table.get(measure)?.get(qid), `${measure} ${qid}`).toBeCloseTo(value, 4);
      }
    }
  });

  it('without --names trec the same metrics keep the testbed labels', async () => {
    const r = await runCli(['eval', qrels, run, '-m', 'ndcg_cut_10', '-m', 'P_5']);
    expect(r.code, r.err).toBe(0);
    expect([...parseTrecEval(r.out).keys()]).toEqual(['ndcg@10', 'precision@5']);
  });

  it('-m all_trec is the standard set, in trec_eval order', async () => {
    const r = await runCli(['eval', qrels, run, '-m', 'all_trec', '--names', 'trec']);
    expect(r.code, r.err).toBe(0);
    const table = parseTrecEval(r.out);
    // 4 measures without a cutoff, P, recall, ndcg_cut and map_cut at 9 cutoffs, success at 3
    expect(table.size).toBe(4 + 4 * 9 + 3);
    expect([...table.keys()]).toEqual(ALL_TREC);
    expect([...table.keys()].slice(0, 5)).toEqual(['map', 'Rprec', 'bpref', 'recip_rank', 'P_5']);
    expect(table.get('success_10')?.get('all')).toBeCloseTo(1, 4);
  });

  it('--json --names trec keys the means by trec_eval names', async () => {
    const r = await runCli(['eval', qrels, run, '-m', 'ndcg_cut_10,recip_rank', '--names', 'trec', '--json']);
    expect(r.code, r.err).toBe(0);
    const json = JSON.parse(r.out);
    expect(Object.keys(json.metrics)).toEqual(['ndcg_cut_10', 'recip_rank']);
    expect(json.metrics.recip_rank).toBeCloseTo(3 / 4, 10);
  });

  it('--names trec refuses a metric trec_eval has no measure for, naming it', async () => {
    const r = await runCli(['eval', qrels, run, '-m', 'mrr@5,judged@10,map', '--names', 'trec']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('trec_eval has no measure for mrr@5, judged@10');
    expect(r.out).toBe('');
  });
});
