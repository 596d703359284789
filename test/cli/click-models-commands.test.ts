import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeQuery, queryKey } from '../../src/traffic/query-key.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * "reset password" ranked a, b: 100 searches in that order (a clicked 20 times at 1, b 5 at 2) and
 * 100 that swapped them (b clicked 10 at 1, a 10 at 2). Swap propensity p2 = (5/100 + 10/100) /
 * (20/100 + 10/100) = 0.5.
 */
function writeSwapLog(dir: string): string {
  const log = path.join(dir, 'log');
  fs.mkdirSync(log);
  const queries: string[] = [];
  const events: string[] = [];
  const add = (id: string, hits: string[], clicked: string[], swapped: boolean) => {
    queries.push(
      JSON.stringify({
        query_id: id,
        user_query: 'reset password',
        query_response_hit_ids: hits,
        ...(swapped && { exploration: { method: 'swap', swapped: [1, 2] } }),
      }),
    );
    for (const doc of clicked)
      events.push(
        JSON.stringify({
          action_name: 'click',
          query_id: id,
          event_attributes: { object: { object_id: doc }, position: { ordinal: hits.indexOf(doc) + 1 } },
        }),
      );
  };
  for (let i = 0; i < 100; i++)
    add(`plain-${i}`, ['a', 'b'], [...(i < 20 ? ['a'] : []), ...(i < 5 ? ['b'] : [])], false);
  for (let i = 0; i < 100; i++) add(`swap-${i}`, ['b', 'a'], [...(i < 10 ? ['b', 'a'] : [])], true);
  fs.writeFileSync(path.join(log, 'ubi_queries-2026-01-01.jsonl'), queries.join('\n') + '\n');
  fs.writeFileSync(path.join(log, 'ubi_events-2026-01-01.jsonl'), events.join('\n') + '\n');
  return log;
}

describe('testbed eval-clicks', () => {
  it('scores a run on the swap log: IPS and SNIPS by hand, the curve named, nothing unseen', async () => {
    const dir = tmpDir('eval-clicks-');
    const log = writeSwapLog(dir);
    const run = path.join(dir, 'run.txt');
    fs.writeFileSync(run, `${queryKey(normalizeQuery('reset password'))} Q0 a 1 2.0 test\n`);
    const { code, out, err } = await runCli(['eval-clicks', log, run, '--propensities', 'swap', '--k', '1', '--json']);
    expect(code, err).toBe(0);
    const r = JSON.parse(out);
    // a's clicks: 20 at ordinal 1 (weight 1) and 10 at ordinal 2 (weight 1 / 0.5) over 200 searches.
    expect(r.ips.estimate).toBeCloseTo((20 * 1 + 10 * 2) / 200, 12);
    // All clicks weighted: a 20·1 + 10·2, b 5·2 + 10·1.
    expect(r.snips.estimate).toBeCloseTo((20 + 20) / (20 + 20 + 10 + 10), 12);
    expect(r.propensities.label).toBe('swap interventions, 100 searches');
    expect(r.propensities.curve.map((p: { propensity: number }) => p.propensity).slice(0, 2)).toEqual([1, 0.5]);
    expect(r).toMatchObject({ searches: 200, slots: 1, unseen_slots: 0, clicks: 45, clicks_in_top_k: 30 });
    expect(r.ips.ci95[0]).toBeLessThan(r.ips.estimate);
    expect(r.ips.ci95[1]).toBeGreaterThan(r.ips.estimate);
    expect(err).toContain('verdict: ');
  });

  it('refuses what it cannot run', async () => {
    const dir = tmpDir('eval-clicks-bad-');
    const log = path.join(dir, 'plain');
    fs.mkdirSync(log);
    fs.writeFileSync(
      path.join(log, 'ubi_queries-2026-01-01.jsonl'),
      JSON.stringify({ query_id: 'q', user_query: 'x', query_response_hit_ids: ['a', 'b'] }) + '\n',
    );
    const run = path.join(dir, 'run.txt');
    fs.writeFileSync(run, 'log-x Q0 a 1 1 t\n');
    const cases: [string[], RegExp][] = [
      [['eval-clicks', run], /needs LOG and RUN/],
      [['eval-clicks', log, run, '--propensities', 'ctr'], /--propensities must be one of pbm, swap/],
      [['eval-clicks', log, run, '--propensities', 'swap'], /no swap interventions/],
      [['eval-clicks', log, run, '--k', '0'], /--k must be an integer from 1/],
    ];
    for (const [argv, message] of cases) {
      const { code, err } = await runCli(argv);
      expect(code, argv.join(' ')).toBe(2);
      expect(err, argv.join(' ')).toMatch(message);
    }
  });
});

describe('testbed gold from-clicks --model pbm', () => {
  it('prints the PBM examination curve, or the swap one, under their names', async () => {
    const dir = tmpDir('from-clicks-pbm-');
    const log = writeSwapLog(dir);
    const pbm = await runCli([
      'gold',
      'from-clicks',
      log,
      '--out',
      path.join(dir, 'p.tsv'),
      '--model',
      'pbm',
      '--json',
    ]);
    expect(pbm.code, pbm.err).toBe(0);
    const fitted = JSON.parse(pbm.out);
    expect(fitted.position_curve.label).toMatch(/^PBM examination, EM/);
    expect(pbm.err).toContain('position curve (ordinal, examination): PBM examination, EM');
    expect(fitted.position_curve.points[0].value).toBe(1);

    const swap = await runCli([
      'gold',
      'from-clicks',
      log,
      '--out',
      path.join(dir, 's.tsv'),
      '--model',
      'pbm',
      '--propensities',
      'swap',
    ]);
    expect(swap.code, swap.err).toBe(0);
    expect(swap.out).toContain('position curve (ordinal, examination): swap interventions, 100 searches:');
    expect(swap.out).toContain('   2  0.5000  (×0.5000 from 100 swapped searches over 1 pairs)');

    const coec = await runCli(['gold', 'from-clicks', log, '--out', path.join(dir, 'c.tsv')]);
    expect(coec.out).toContain('position click-through (ordinal, ctr): log-wide CTR (mixes ranker precision in):');

    const refused = await runCli([
      'gold',
      'from-clicks',
      log,
      '--out',
      'x.tsv',
      '--model',
      'ctr',
      '--propensities',
      'swap',
    ]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/--propensities swap needs --model coec or pbm/);
  });
});

describe('testbed serve --explore', () => {
  it('refuses a rate without a method, an unknown method and a rate outside (0, 1], before serving', async () => {
    const cases: [string[], RegExp][] = [
      [['serve', '--explore-rate', '0.5'], /--explore-rate needs --explore swap/],
      [['serve', '--explore', 'shuffle'], /--explore must be one of swap/],
      [['serve', '--explore', 'swap', '--explore-rate', '0'], /--explore-rate must be a number above 0 and at most 1/],
      [
        ['serve', '--explore', 'swap', '--explore-rate', '1.5'],
        /--explore-rate must be a number above 0 and at most 1/,
      ],
    ];
    for (const [argv, message] of cases) {
      const { code, err } = await runCli(argv);
      expect(code, argv.join(' ')).toBe(2);
      expect(err, argv.join(' ')).toMatch(message);
    }
  });
});
