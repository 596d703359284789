import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLE_HEAD } from '../../src/cli/interleave-table.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { click, interleavedSearch, writeLog } from '../traffic/interleaving/interleaved-log.js';
import { twoInterleavingsLog } from '../traffic/interleaving/two-interleavings.js';

const dir = tmpDir('testbed-interleave-cli-');

/** The table's rows as records keyed by its head (cells are split on two spaces or more). */
function tableRows(out: string): Record<string, string>[] {
  const lines = out.split('\n');
  const head = lines.findIndex((l) => l.startsWith('interleaving  '));
  expect(lines[head]!.split(/ {2,}/)).toEqual([...TABLE_HEAD]);
  return lines
    .slice(head + 1)
    .filter((l) => l.trim() !== '')
    .map((l) => Object.fromEntries(l.split(/ {2,}/).map((cell, i) => [TABLE_HEAD[i]!, cell])));
}

describe('testbed interleave', () => {
  const log = twoInterleavingsLog(path.join(dir, 'log'));

  it('prints one row per pair, and --json holds the same figures', async () => {
    const table = await runCli(['interleave', log]);
    expect(table.code, table.err).toBe(0);
    const json = await runCli(['interleave', log, '--json']);
    expect(json.code, json.err).toBe(0);
    const { interleavings, interleaved_searches } = JSON.parse(json.out);
    expect(interleaved_searches).toBe(14);
    const rows = tableRows(table.out);
    expect(rows.map((r) => [r.interleaving, r.A, r.B])).toEqual(
      interleavings.map((e: { name: string; arms: string[] }) => [e.name, ...e.arms]),
    );
    const sign = (d: number) => (d > 0 ? '+' : '') + d.toFixed(3);
    for (const [i, e] of interleavings.entries()) {
      const [a, b] = e.arms;
      expect(rows[i]).toEqual({
        interleaving: e.name,
        method: e.method,
        A: a,
        B: b,
        searches: String(e.searches),
        'wins A': String(e.wins[a]),
        'wins B': String(e.wins[b]),
        ties: String(e.ties),
        'Δ (A − B)': e.delta === null ? '-' : sign(e.delta),
        '95% CI': e.ci95 === null ? '-' : `[${sign(e.ci95[0])}, ${sign(e.ci95[1])}]`,
        p: e.p === null ? '-' : e.p.toFixed(4),
        winner: e.winner ?? '-',
        'more searches': e.more_searches_needed === null ? 'cannot tell' : String(e.more_searches_needed),
      });
    }
    // "ml" sorts before "td"; its pairs in the file's order of arms.
    expect(interleavings.map((e: { name: string; arms: string[] }) => `${e.name}:${e.arms.join('-')}`)).toEqual([
      'ml:x-y',
      'ml:x-z',
      'ml:y-z',
      'td:bm25-weak',
    ]);
    const td = interleavings[3];
    // 9 wins to 1 and a tie: Δ = (9 − 1) / 11; p = 2 (1 + 10) / 2^10 over the 10 not tied.
    expect(td).toMatchObject({
      method: 'team-draft',
      searches: 11,
      searches_without_clicks: 1,
      wins: { bm25: 9, weak: 1 },
      ties: 1,
      winner: 'bm25',
      more_searches_needed: 0,
    });
    expect(td.delta).toBeCloseTo(8 / 11, 12);
    expect(td.p).toBeCloseTo(22 / 1024, 12);
    expect(td.ci95[0]).toBeLessThanOrEqual(td.delta);
    expect(td.ci95[1]).toBeGreaterThanOrEqual(td.delta);
    // x-y: m1 and m2 both x's (x 1, y 0); x-z: m1 x's, m2 a tie; y-z: m2 z's, m1 no say.
    expect(interleavings.slice(0, 3).map((e: { wins: object; ties: number }) => [e.wins, e.ties])).toEqual([
      [{ x: 2, y: 0 }, 0],
      [{ x: 1, z: 0 }, 1],
      [{ y: 0, z: 1 }, 0],
    ]);
  });

  it('--name keeps one interleaving, and names those the log has when it has none of that name', async () => {
    const one = await runCli(['interleave', log, '--name', 'td', '--json']);
    expect(one.code, one.err).toBe(0);
    expect(JSON.parse(one.out).interleavings.map((e: { name: string }) => e.name)).toEqual(['td']);
    const none = await runCli(['interleave', log, '--name', 'tdd']);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/no interleaved search in the log is named "tdd" \(it has ml, td\)/);
    const missing = await runCli(['interleave']);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/missing LOG/);
  });

  it('says when the log has no interleaved search, and counts the actions --click-action names', async () => {
    const plain = writeLog(
      path.join(dir, 'plain'),
      [{ query_id: 'p', user_query: 'not interleaved', query_response_hit_ids: ['a'] }],
      [],
    );
    const none = await runCli(['interleave', plain]);
    expect(none.code, none.err).toBe(0);
    expect(none.out).toContain('read 1 searches, 0 of them interleaved\nno interleaved search in the log');
    // With select as the click action, only the select counts: A's document, so A wins the one search.
    const TD = { name: 'td', method: 'team-draft', arms: ['A', 'B'] };
    const select = writeLog(
      path.join(dir, 'select'),
      [
        interleavedSearch('s', TD, [
          ['a', 'A'],
          ['b', 'B'],
        ]),
      ],
      [click('s', 'b'), { ...click('s', 'a'), action_name: 'select' }],
    );
    const json = await runCli(['interleave', select, '--click-action', 'select', '--json']);
    expect(json.code, json.err).toBe(0);
    expect(JSON.parse(json.out).interleavings[0]).toMatchObject({ wins: { A: 1, B: 0 }, ties: 0, searches: 1 });
  });
});
