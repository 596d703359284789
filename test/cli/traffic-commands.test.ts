import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';

/** A log of three searches for "reset password" (a, b, c) and one for "E1042" (d), with two clicks. */
function writeLog(dir: string): string {
  const log = path.join(dir, 'log');
  fs.mkdirSync(log);
  const search = (id: string, q: string, hits: string[]) =>
    JSON.stringify({ query_id: id, user_query: q, query_response_hit_ids: hits, timestamp: '2025-01-02T03:04:05Z' });
  const click = (id: string, doc: string, ordinal: number) =>
    JSON.stringify({
      action_name: 'click',
      query_id: id,
      timestamp: '2025-01-02T03:04:09Z',
      event_attributes: { object: { object_id: doc }, position: { ordinal } },
    });
  fs.writeFileSync(
    path.join(log, 'ubi_queries-2025-01-02.jsonl'),
    [
      search('a', 'reset password', ['faq', 'guide']),
      search('b', 'Reset  Password', ['faq', 'guide']),
      search('c', 'reset password', ['guide', 'faq']),
      search('d', 'E1042', ['e1042', 'faq']),
    ].join('\n') + '\n',
  );
  fs.writeFileSync(
    path.join(log, 'ubi_events-2025-01-02.jsonl'),
    [click('a', 'faq', 1), click('c', 'faq', 2)].join('\n') + '\n',
  );
  return log;
}

describe('testbed queries sample and testbed gold from-clicks', () => {
  it('refuse what they cannot run, saying which flag is wrong', async () => {
    const cases: [string[], RegExp][] = [
      [['queries'], /missing subcommand \(expected sample\)/],
      [['queries', 'pick', 'x'], /unknown subcommand "pick"/],
      [['queries', 'sample', 'log', '--out', 'x'], /--n is required/],
      [['queries', 'sample', 'log', '--n', '3'], /--out is required/],
      [['queries', 'sample', 'log', '--n', '3', '--out', 'x', '--method', 'best'], /--method must be one of random/],
      [['queries', 'sample', 'log', '--n', '0', '--out', 'x'], /--n must be an integer from 1/],
      [['queries', 'sample', '--n', '3', '--out', 'x'], /missing LOG/],
      [['queries', 'sample', 'log', '--n', '3', '--out', 'x', '--head-share', '1.5'], /--head-share must be a number/],
      [['gold', 'from-clicks', 'log'], /--out is required/],
      [['gold', 'from-clicks', 'log', '--out', 'q.tsv', '--model', 'dbn'], /--model must be one of ctr, coec/],
      [['gold', 'from-clicks', 'log', '--out', 'q.tsv', '--thresholds', '2,1'], /ascending order/],
      [['gold', 'from-clicks', 'log', '--out', 'q.tsv', '--doc-key', 'url'], /--doc-key needs --corpus/],
    ];
    for (const [argv, message] of cases) {
      const { code, err } = await runCli(argv);
      expect(code, argv.join(' ')).toBe(2);
      expect(err, argv.join(' ')).toMatch(message);
    }
  });

  it('print the bands and the click-through curve they used, with the counts', async () => {
    const dir = tmpDir('traffic-cli-');
    const log = writeLog(dir);
    const sample = await runCli([
      'queries',
      'sample',
      log,
      '--method',
      'top',
      '--n',
      '5',
      '--out',
      path.join(dir, 's'),
    ]);
    // "reset password" is 3 of 4 searches: head (0 before it); E1042 starts at 3/4 = 0.75 < 0.8: torso.
    expect(sample.out).toContain('read 4 searches; 2 distinct queries');
    expect(sample.out).toContain('  head   1 queries, asked 3 times each, 75.0% of searches');
    expect(sample.out).toContain('  torso  1 queries, asked 1 times each, 25.0% of searches');
    expect(sample.out).toContain('sampled 2 of 2 queries (top), all of them: head 1, torso 1, tail 0');

    const qrels = path.join(dir, 'q', 'test.tsv');
    const judged = await runCli([
      'gold',
      'from-clicks',
      log,
      '--model',
      'ctr',
      '--min-impressions',
      '2',
      '--out',
      qrels,
    ]);
    // Ordinal 1: four impressions (faq, faq, guide, e1042), one click; ordinal 2: four, one click.
    expect(judged.out).toContain(`   1  ${(1 / 4).toFixed(4)}  (1 clicks / 4 impressions)`);
    expect(judged.out).toContain(`   2  ${(1 / 4).toFixed(4)}  (1 clicks / 4 impressions)`);
    expect(judged.out).toContain('   3  -       (nothing shown there)');
    // reset password: faq 2 clicks / 3 impressions, guide 0 / 3; E1042's two pairs were shown once each.
    expect(judged.out).toContain('ctr: kept 2 pairs over 1 queries; dropped 2 pairs shown fewer than 2 times');
    const rows = fs.readFileSync(qrels, 'utf8').trim().split('\n').slice(1);
    const grade = (score: number) => [0.05, 0.2, 0.5].filter((t) => score >= t).length;
    expect(rows.map((r) => r.split('\t').slice(1))).toEqual([
      ['faq', String(grade(2 / 3))],
      ['guide', String(grade(0))],
    ]);
  });
});
