import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTraffic } from '../../../src/traffic/read-traffic.js';
import {
  BALANCED_CLICK_IN_NEITHER,
  BALANCED_WITHOUT_LISTS,
} from '../../../src/traffic/interleaving/balanced-credit.js';
import { pairPreferences } from '../../../src/traffic/interleaving/pair-preferences.js';
import {
  creditSearches,
  REPEAT_CLICK,
  TEAMLESS_CLICK,
  UNSHOWN_CLICK,
} from '../../../src/traffic/interleaving/search-credit.js';
import { tmpDir } from '../../helpers/tmp.js';
import { click, interleavedSearch, writeLog } from './interleaved-log.js';

const root = tmpDir('testbed-credit-');
let made = 0;
async function credit(searches: unknown[], events: unknown[]) {
  const traffic = await readTraffic([writeLog(path.join(root, `log-${++made}`), searches, events)]);
  expect(traffic.dropped).toEqual([]);
  return creditSearches(traffic);
}
const creditOf = (c: Awaited<ReturnType<typeof credit>>) =>
  Object.fromEntries(c.searches.map((s) => [s.search.queryId, Object.fromEntries(s.credit)]));
const countOf = (c: Awaited<ReturnType<typeof credit>>, reason: string) =>
  c.ignored.find((d) => d.reason === reason)?.count ?? 0;

describe('team-draft credit', () => {
  const TD = { name: 'td', method: 'team-draft', arms: ['A', 'B'] };
  // d5 was in both arms' lists: the merge gave it to B (B drafted it first), so its click is B's.
  const shown = (id: string) =>
    interleavedSearch(id, TD, [
      ['d1', 'A'],
      ['d5', 'B'],
      ['d3', 'A'],
      ['d2', 'B'],
    ]);

  it('credits each click to the team of the clicked hit; ties, no clicks and unknown documents apart', async () => {
    const c = await credit(
      [shown('a-wins'), shown('tie'), shown('none'), shown('shared'), shown('unknown')],
      [
        click('a-wins', 'd1', 1),
        click('a-wins', 'd3', 3),
        click('a-wins', 'd1', 1), // the same document again: one click per document and search
        click('tie', 'd1', 1),
        click('tie', 'd2', 4),
        click('shared', 'd5', 2),
        click('unknown', 'zz', 2), // not shown: ignored and counted
        { action_name: 'hover', query_id: 'none', event_attributes: { object: { object_id: 'd1' } } },
      ],
    );
    expect(creditOf(c)).toEqual({
      'a-wins': { A: 2, B: 0 },
      tie: { A: 1, B: 1 },
      none: { A: 0, B: 0 },
      shared: { A: 0, B: 1 },
      unknown: { A: 0, B: 0 },
    });
    expect(countOf(c, REPEAT_CLICK)).toBe(1);
    expect(countOf(c, UNSHOWN_CLICK)).toBe(1);
    const [pair] = pairPreferences(c.searches);
    // a-wins for A, shared for B, tie a tie; none and unknown have no credited click.
    expect(pair).toMatchObject({
      arms: ['A', 'B'],
      searches: 3,
      searchesWithoutClicks: 2,
      wins: { A: 1, B: 1 },
      ties: 1,
      delta: (1 - 1) / (1 + 1 + 1),
      winner: undefined,
      moreSearchesNeeded: undefined,
    });
  });

  it('a click on a hit credited to no arm is counted, not credited', async () => {
    const c = await credit(
      [
        interleavedSearch('s', TD, [
          ['d1', 'A'],
          ['d2', null],
        ]),
      ],
      [click('s', 'd2')],
    );
    expect(creditOf(c)).toEqual({ s: { A: 0, B: 0 } });
    expect(countOf(c, TEAMLESS_CLICK)).toBe(1);
  });
});

describe('team-draft multileave credit', () => {
  it('gives one preference per pair of arms from the same searches', async () => {
    const ML = { name: 'ml', method: 'team-draft-multileave', arms: ['A', 'B', 'C'] };
    const shown = (id: string) =>
      interleavedSearch(id, ML, [
        ['a', 'A'],
        ['b', 'B'],
        ['c', 'C'],
      ]);
    const c = await credit(
      [shown('s1'), shown('s2'), shown('s3')],
      [click('s1', 'c'), click('s2', 'a'), click('s2', 'c'), click('s3', 'b')],
    );
    const pairs = pairPreferences(c.searches).map((p) => [p.arms.join('-'), p.wins, p.ties, p.searchesWithoutClicks]);
    expect(pairs).toEqual([
      // s1: only C clicked (no say on A-B); s2: A and C one each; s3: only B.
      ['A-B', { A: 1, B: 1 }, 0, 1],
      ['A-C', { A: 0, C: 1 }, 1, 1],
      ['B-C', { B: 1, C: 2 }, 0, 0],
    ]);
  });
});

describe("balanced credit (Joachims' rule)", () => {
  // A = (a1, s, a3, a4), B = (s, b2, b3, a3), A first. The merge by hand (pointers kA = kB = 1):
  // A1 = a1; B1 = s; A2 = s is in already, so A3 = a3 waits its turn: B2 = b2; A3 = a3; B3 = b3.
  // I = (a1, s, b2, a3, b3), teams A, B, B, A, B.
  const BAL = {
    name: 'bal',
    method: 'balanced',
    arms: ['A', 'B'],
    armHitIds: { A: ['a1', 's', 'a3', 'a4'], B: ['s', 'b2', 'b3', 'a3'] },
  };
  const shown = (id: string, lists = BAL) =>
    interleavedSearch(id, lists, [
      ['a1', 'A'],
      ['s', 'B'],
      ['b2', 'B'],
      ['a3', 'A'],
      ['b3', 'B'],
    ]);

  it('reads both arms to the depth of the lowest click', async () => {
    const c = await credit(
      [shown('s-a3'), shown('b2'), shown('s'), shown('none')],
      [click('s-a3', 's'), click('s-a3', 'a3'), click('b2', 'b2'), click('s', 's')],
    );
    expect(creditOf(c)).toEqual({
      // lowest click a3 (I rank 4): A has it at 3, B at 4, so k = 3; A1..3 = a1, s, a3 holds both
      // clicks, B1..3 = s, b2, b3 one. By teams it would be a tie (a3 is A's, s is B's).
      's-a3': { A: 2, B: 1 },
      // b2: only B has it, at 2, so k = 2; A1..2 = a1, s: none; B1..2 = s, b2: one.
      b2: { A: 0, B: 1 },
      // s: B has it at 1, so k = 1; A1 = a1: none. The team credited with s in the merge does not matter.
      s: { A: 0, B: 1 },
      none: { A: 0, B: 0 },
    });
  });

  it('counts apart a search it cannot credit: no arm lists, or a clicked document in neither', async () => {
    const withoutLists = { name: 'bal', method: 'balanced', arms: ['A', 'B'] };
    const oneList = { ...BAL, armHitIds: { A: ['a1'], B: ['s'] } };
    const c = await credit(
      [shown('no-lists', withoutLists as typeof BAL), shown('neither', oneList)],
      [click('no-lists', 's'), click('neither', 'b3')],
    );
    expect(c.searches).toEqual([]);
    expect(countOf(c, BALANCED_WITHOUT_LISTS)).toBe(1);
    expect(countOf(c, BALANCED_CLICK_IN_NEITHER)).toBe(1);
  });
});
