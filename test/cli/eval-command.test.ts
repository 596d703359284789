import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { evalCommand } from '../../src/cli/commands/eval-command.js';
import { InputError } from '../../src/errors.js';
import { addJudgement } from '../../src/gold/index.js';
import { tmpDir } from '../helpers/tmp.js';
import { EXPECTED_MEAN, EXPECTED_PER_QUERY } from '../metrics/fixture-expected.js';
import { evalFixture } from '../runs/helpers.js';
import { runCli } from '../helpers/cli.js';

// The fixture run's top 10 over q1, q2, q3 (q3 is not in the run, so it has no document to count):
// q1 d3 d9 d10 d1 d2 d4, d9 and d10 judged for q4 only: 4/6 judged; q2 d6 d5 d11, d11 unjudged: 2/3.
// All judgements come from the qrels file: published (4/6 + 2/3) / 2 = 2/3, unjudged 1/3.
const MIX_LINE = `judgements behind the top 10: published ${((100 * 2) / 3).toFixed(1)}%, unjudged ${(100 / 3).toFixed(1)}%\n`;

const qrels = evalFixture('qrels.txt');
const run = evalFixture('run.txt');

const evalCli = (...argv: string[]) => runCli(argv, evalCommand.run);

/** trec_eval's line: measure left-aligned in 22 columns, tab, query id or "all", tab, value. */
const line = (label: string, qid: string, value: string) => `${label.padEnd(22)}\t${qid}\t${value}`;

describe('testbed eval', () => {
  it('prints only the trec_eval lines on stdout, and how many queries counted on stderr', async () => {
    const r = await evalCli(qrels, run);
    expect(r.code).toBe(0);
    // Every stdout line is trec_eval's "measure<tab>qid<tab>value", nothing else.
    for (const l of r.out.trimEnd().split('\n')) expect(l).toMatch(/^\S+\s*\tall\t\d+\.\d{4}$/);
    // Means over q1, q2, q3 (see test/metrics/fixture-expected.ts for the per-query values):
    expect(r.out.split('\n')).toEqual([
      // q1 (2/log2 5 + 1/log2 6 + 1/log2 7)/(2 + 1/log2 3 + 1/2) = 0.51244, q2 (1/log2 3)/(1 + 1/log2 3) = 0.38685
      line('ndcg@10', 'all', '0.2998'),
      line('recall@100', 'all', '0.5000'), // (1 + 1/2 + 0)/3
      line('hit@10', 'all', '0.6667'), // (1 + 1 + 0)/3
      line('mrr', 'all', '0.2500'), // (1/4 + 1/2 + 0)/3
      line('map', 'all', '0.2111'), // ((1/4 + 2/5 + 3/6)/3 + (1/2)/2 + 0)/3
      line('precision@10', 'all', '0.1333'), // (3/10 + 1/10 + 0)/3
      line('r-precision', 'all', '0.1667'), // (0 + 1/2 + 0)/3
      '',
    ]);
    // q3 has no line in the run; q4 has no relevant document; q5 is in the run only, so it has none either.
    expect(r.err).toBe(
      '3 answerable queries evaluated (1 not in the run: no hits, scored 0); 2 unanswerable queries ' +
        '(no document graded 1 or more: 1 judged, 1 not in the qrels) left out (--trec-compat averages the judged ones in as 0): q4 q5\n' +
        MIX_LINE,
    );
  });

  it('--per-query prints each query, in trec_eval order, before the means', async () => {
    const r = await evalCli(qrels, run, '--metrics', 'mrr,P@5', '--per-query');
    expect(r.out.split('\n').slice(0, 8)).toEqual([
      line('mrr', 'q1', '0.2500'),
      line('precision@5', 'q1', '0.4000'),
      line('mrr', 'q2', '0.5000'),
      line('precision@5', 'q2', '0.2000'),
      line('mrr', 'q3', '0.0000'),
      line('precision@5', 'q3', '0.0000'),
      line('mrr', 'all', '0.2500'),
      line('precision@5', 'all', '0.2000'), // (2/5 + 1/5 + 0)/3
    ]);
  });

  it('--json prints the means, the query count, the unanswerable queries and, on request, each query', async () => {
    const labels = Object.keys(EXPECTED_MEAN);
    const plain = JSON.parse((await evalCli(qrels, run, '--metrics', labels.join(','), '--json')).out);
    expect(Object.keys(plain)).toEqual([
      'metrics',
      'queries',
      'unanswerable',
      'missing_from_run',
      'not_in_qrels',
      'sources',
    ]);
    expect(plain.sources.k).toBe(10);
    expect(plain.sources.queries).toBe(2);
    expect(plain.sources.shares.published).toBeCloseTo((4 / 6 + 2 / 3) / 2, 12);
    expect(plain.sources.unjudged).toBeCloseTo((2 / 6 + 1 / 3) / 2, 12);
    expect(plain.queries).toBe(3);
    expect(plain.unanswerable).toEqual(['q4', 'q5']);
    expect(plain.missing_from_run).toBe(1); // q3
    expect(plain.not_in_qrels).toBe(1); // q5
    expect(Object.keys(plain.metrics)).toEqual(labels);
    for (const label of labels) expect(plain.metrics[label], label).toBeCloseTo(EXPECTED_MEAN[label]!, 12);

    const detailed = JSON.parse((await evalCli(qrels, run, '--metrics', 'mrr,map@5', '--json', '--per-query')).out);
    expect(detailed.per_query).toEqual({
      q1: { mrr: 1 / 4, 'map@5': EXPECTED_PER_QUERY.q1!['map@5'] },
      q2: { mrr: 1 / 2, 'map@5': EXPECTED_PER_QUERY.q2!['map@5'] },
      q3: { mrr: 0, 'map@5': 0 },
    });
  });

  it('--trec-compat averages the unanswerable query in as 0, as trec_eval -c: every mean is 3/4 of the default one', async () => {
    const labels = Object.keys(EXPECTED_MEAN);
    const compat = JSON.parse(
      (await evalCli(qrels, run, '--metrics', labels.join(','), '--json', '--trec-compat')).out,
    );
    expect(compat.queries).toBe(4); // q1 q2 q3 and the unanswerable q4
    for (const label of labels) expect(compat.metrics[label], label).toBeCloseTo((EXPECTED_MEAN[label]! * 3) / 4, 12);
    const text = await evalCli(qrels, run, '--metrics', 'mrr', '--trec-compat');
    expect(text.out.split('\n')).toEqual([line('mrr', 'all', '0.1875'), '']); // (1/4 + 1/2 + 0 + 0)/4
    expect(text.err).toBe(
      '3 answerable queries evaluated (1 not in the run: no hits, scored 0); 2 unanswerable queries ' +
        '(no document graded 1 or more: 1 judged, 1 not in the qrels) of which the judged are averaged in as 0 ' +
        '(--trec-compat, as trec_eval -c) and the rest left out: q4 q5\n' +
        // q4, averaged in, adds its one ranked document d9, judged 0: published (4/6 + 2/3 + 1) / 3 = 7/9.
        `judgements behind the top 10: published ${((100 * 7) / 9).toFixed(1)}%, unjudged ${((100 * 2) / 9).toFixed(1)}%\n`,
    );
  });

  it('--threshold raises the grade that counts as relevant', async () => {
    const r = await evalCli(qrels, run, '--metrics', 'mrr,hit@5', '--threshold', '2');
    expect(r.out.split('\n')).toEqual([
      line('mrr', 'all', '0.1250'), // q1: d1 (grade 2) at rank 4; q3: 0
      line('hit@5', 'all', '0.5000'),
      '',
    ]);
    expect(r.err).toContain('2 answerable queries evaluated');
    expect(r.err).toContain('3 unanswerable queries (no document graded 2 or more: 2 judged, 1 not in the qrels)');
  });

  it('--queries counts a query neither the run nor the qrels hold as unanswerable, as an experiment does', async () => {
    // q1-q5 as above plus q6: no hits (so no run line) and no judgement. An experiment over this
    // query set calls q4, q5 and q6 unanswerable (no relevant document); eval now says the same.
    const dir = tmpDir('eval-queries');
    const queries = path.join(dir, 'queries.jsonl');
    fs.writeFileSync(
      queries,
      ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'].map((id) => JSON.stringify({ _id: id, text: `query ${id}` })).join('\n') +
        '\n',
    );
    const r = JSON.parse((await evalCli(qrels, run, '--metrics', 'mrr', '--queries', queries, '--json')).out);
    expect(r.unanswerable).toEqual(['q4', 'q5', 'q6']);
    expect(r.not_in_qrels).toBe(2);
    expect(r.queries).toBe(3);
  });

  it('warns when the run shares no query with the qrels', async () => {
    const r = await evalCli(qrels, evalFixture('run-unrelated.txt'), '--metrics', 'mrr');
    expect(r.err.split('\n')[0]).toBe(
      'warning: the run (1 query) and the qrels (4 queries) share no query id; do the ids match?',
    );
    expect(r.out).toContain(line('mrr', 'all', '0.0000'));
  });

  it('bad input throws an InputError (the CLI turns it into exit code 2)', async () => {
    await expect(evalCli(qrels, run, '--metrics', 'ndcg@10,bleu')).rejects.toThrow(InputError);
    await expect(evalCli(qrels, run, '--metrics', 'bleu')).rejects.toThrow(
      /unknown metric: "bleu"; valid metrics: hit@K, recall@K/,
    );
    await expect(evalCli(qrels, run, '--metrics', 'ndcg')).rejects.toThrow(/ndcg needs a cutoff/);
    await expect(evalCli(qrels, run, '--threshold', 'high')).rejects.toThrow(/--threshold must be an integer/);
    await expect(evalCli(qrels)).rejects.toThrow(/missing RUN/);
    await expect(evalCli(qrels, evalFixture('run-score.txt'))).rejects.toThrow(/run-score\.txt:2 \(field "score"\)/);
  });

  it('merges judgements recorded with gold add, and --original leaves them out', async () => {
    const grown = path.join(tmpDir('eval-gold-'), 'qrels.txt');
    fs.copyFileSync(qrels, grown);
    // Investigating q2 shows d6 (judged 0, ranked first: it ties d5 at 0.9 and wins on docid
    // descending) does answer it after all.
    await addJudgement(grown, { queryId: 'q2', docId: 'd6', grade: 1, note: 'answers it' });

    const r = await evalCli(grown, run, '--metrics', 'mrr,recall@100');
    expect(r.out).toContain(line('mrr', 'all', '0.4167')); // (1/4 + 1/1 + 0)/3
    expect(r.out).toContain(line('recall@100', 'all', '0.5556')); // (1 + 2/3 + 0)/3: q2 now has d5, d6, d12
    expect(r.err.split('\n')[0]).toBe(
      `note: merged 1 judgement from ${grown}.additions.jsonl (--original to leave them out)`,
    );

    const original = await evalCli(grown, run, '--metrics', 'mrr,recall@100', '--original');
    expect(original.out).toContain(line('mrr', 'all', '0.2500')); // (1/4 + 1/2 + 0)/3
    expect(original.out).toContain(line('recall@100', 'all', '0.5000')); // (1 + 1/2 + 0)/3
    expect(original.err).not.toContain('note: merged');
  });

  it('--help prints the usage, which documents every option', async () => {
    const r = await evalCli('--help');
    expect(r.code).toBe(0);
    expect(r.out.startsWith('Usage: testbed eval')).toBe(true);
    for (const option of ['--metrics', '--threshold', '--original', '--per-query', '--json', '--help'])
      expect(evalCommand.usage).toContain(option);
  });

  it('--condensed removes unjudged documents before scoring: one at rank 1 no longer costs nDCG its discount', async () => {
    const dir = tmpDir('eval-condensed-');
    const q = path.join(dir, 'qrels.txt');
    const r = path.join(dir, 'run.txt');
    fs.writeFileSync(q, 'q1 0 a 2\nq1 0 b 0\nq1 0 c 1\n');
    // u (unjudged) at rank 1, then a, b, c.
    fs.writeFileSync(r, 'q1 Q0 u 1 4 s\nq1 Q0 a 2 3 s\nq1 Q0 b 3 2 s\nq1 Q0 c 4 1 s\n');
    const idcg = 2 + 1 / Math.log2(3); // a (2) then c (1)
    const full = await evalCli(q, r, '--metrics', 'ndcg@10');
    // a at rank 2, c at rank 4: (2/log2 3 + 1/log2 5) / IDCG
    expect(full.out).toContain(line('ndcg@10', 'all', ((2 / Math.log2(3) + 1 / Math.log2(5)) / idcg).toFixed(4)));
    const condensed = await evalCli(q, r, '--metrics', 'ndcg@10', '--condensed');
    // Condensed: a, b, c at ranks 1, 2, 3: (2/log2 2 + 1/log2 4) / IDCG
    expect(condensed.out).toContain(line('ndcg@10', 'all', ((2 + 1 / 2) / idcg).toFixed(4)));
    expect(condensed.err).toContain('scored on condensed lists (unjudged documents removed first)');
  });
});
