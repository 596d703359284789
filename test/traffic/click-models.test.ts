import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { clickJudgements, DEFAULT_THRESHOLDS, REACH_TOLERANCE } from '../../src/traffic/click-models.js';
import { queryKey } from '../../src/traffic/query-key.js';
import type { Traffic } from '../../src/traffic/types.js';
import { event, search } from './build-traffic.js';

const click = (queryId: string, objectId?: string, ordinal?: number) => event(queryId, 'click', { objectId, ordinal });
const shown = (queryId: string, objectId: string, ordinal: number) =>
  event(queryId, 'impression', { objectId, ordinal });

/**
 * The worked example, maxRank 3. Each search with what it showed (document@ordinal, * clicked),
 * read off the definitions by hand:
 *
 *   s1 reset password    hits a b c          click a@1          a1* b2  c3
 *   s2 Reset  Password   hits b a c          click a@2          b1  a2* c3
 *   s3 reset password    hits a b c          click z@2 (unshown) a1  b2  c3  z2*
 *   s4 install linux     hits d e a          click e (no ordinal: hit list says 2)   d1  e2* a3
 *   s5 install linux     hits d d e          click e@3 (d shown twice, counted once) d1  e3*
 *   s6 install linux     hits x y z, impression events d@1 e@2 (they win)  click d   d1* e2
 *   s7 plans             no hit list, no impression events: shows nothing
 *   s8 install linux     hits e d g h (h is below maxRank)                  e1  d2  g3
 *
 * Ignored clicks: one on a query_id no search has, one at ordinal 5 (below the top 3), one with no
 * ordinal on a document not in the hit list, a repeat click on a in s1, one with no object_id.
 */
const TRAFFIC: Traffic = {
  searches: [
    search('s1', 'reset password', { hitIds: ['a', 'b', 'c'] }),
    search('s2', 'Reset  Password', { hitIds: ['b', 'a', 'c'] }),
    search('s3', 'reset password', { hitIds: ['a', 'b', 'c'] }),
    search('s4', 'install linux', { hitIds: ['d', 'e', 'a'] }),
    search('s5', 'install linux', { hitIds: ['d', 'd', 'e'] }),
    search('s6', 'install linux', { hitIds: ['x', 'y', 'z'] }),
    search('s7', 'plans'),
    search('s8', 'install linux', { hitIds: ['e', 'd', 'g', 'h'] }),
  ],
  events: [
    click('s1', 'a', 1),
    click('s2', 'a', 2),
    click('s3', 'z', 2),
    click('s4', 'e'),
    click('s5', 'e', 3),
    shown('s6', 'd', 1),
    shown('s6', 'e', 2),
    click('s6', 'd', 1),
    click('nowhere', 'a', 1),
    click('s8', 'h', 5),
    click('s7', 'q'),
    click('s1', 'a', 1),
    click('s2'),
    event('s1', 'add_to_cart', { objectId: 'b', ordinal: 2 }),
  ],
  dropped: [],
};

/** The impressions listed above: [query text, document, ordinal, clicked]. */
const IMPRESSIONS: [string, string, number, boolean][] = [
  ['reset password', 'a', 1, true],
  ['reset password', 'b', 2, false],
  ['reset password', 'c', 3, false],
  ['reset password', 'b', 1, false],
  ['reset password', 'a', 2, true],
  ['reset password', 'c', 3, false],
  ['reset password', 'a', 1, false],
  ['reset password', 'b', 2, false],
  ['reset password', 'c', 3, false],
  ['reset password', 'z', 2, true],
  ['install linux', 'd', 1, false],
  ['install linux', 'e', 2, true],
  ['install linux', 'a', 3, false],
  ['install linux', 'd', 1, false],
  ['install linux', 'e', 3, true],
  ['install linux', 'd', 1, true],
  ['install linux', 'e', 2, false],
  ['install linux', 'e', 1, false],
  ['install linux', 'd', 2, false],
  ['install linux', 'g', 3, false],
];

/** ctr(p) = clicks at p / impressions at p. */
function expectedCurve() {
  return [1, 2, 3].map((ordinal) => {
    const at = IMPRESSIONS.filter(([, , p]) => p === ordinal);
    const clicks = at.filter(([, , , c]) => c).length;
    return { ordinal, impressions: at.length, clicks, ctr: clicks / at.length };
  });
}

/** Per pair: I, C, E = sum of ctr(p) over its impressions; ctr = C / I, coec = C / E; grade = thresholds reached. */
function expectedPairs(model: 'ctr' | 'coec', minImpressions: number) {
  const ctr = expectedCurve().map((c) => c.ctr);
  const pairs = new Map<string, { text: string; doc: string; I: number; C: number; E: number }>();
  for (const [text, doc, p, clicked] of IMPRESSIONS) {
    const id = `${text}|${doc}`;
    const pair = pairs.get(id) ?? { text, doc, I: 0, C: 0, E: 0 };
    pair.I += 1;
    pair.C += clicked ? 1 : 0;
    pair.E += ctr[p - 1]!;
    pairs.set(id, pair);
  }
  return [...pairs.values()]
    .filter((pair) => pair.I >= minImpressions)
    .map((pair) => {
      const score = model === 'ctr' ? pair.C / pair.I : pair.E > 0 ? pair.C / pair.E : 0;
      return {
        queryKey: queryKey(pair.text),
        userQuery: pair.text,
        docId: pair.doc,
        clicks: pair.C,
        impressions: pair.I,
        expectedClicks: pair.E,
        // The worked example's searches name no pipeline: every impression was served by "unknown".
        servedBy: [{ pipeline: 'unknown', share: 1 }],
        score,
        // Reaching a threshold allows for floating-point error (REACH_TOLERANCE).
        grade: DEFAULT_THRESHOLDS[model].filter((t) => score >= t - REACH_TOLERANCE).length,
      };
    })
    .sort((a, b) => (a.queryKey + a.docId < b.queryKey + b.docId ? -1 : 1));
}

function expectJudgements(actual: ReturnType<typeof clickJudgements>['judgements'], expected: typeof actual) {
  expect(actual.map((j) => [j.queryKey, j.docId])).toEqual(expected.map((j) => [j.queryKey, j.docId]));
  actual.forEach((j, i) => {
    const want = expected[i]!;
    expect(j).toMatchObject({
      userQuery: want.userQuery,
      clicks: want.clicks,
      impressions: want.impressions,
      grade: want.grade,
      servedBy: want.servedBy,
    });
    expect(j.expectedClicks).toBeCloseTo(want.expectedClicks, 12);
    expect(j.score).toBeCloseTo(want.score, 12);
  });
}

describe('clickJudgements on the worked example', () => {
  it('measures the position CTR curve over the whole log', () => {
    const result = clickJudgements(TRAFFIC, { model: 'coec', minImpressions: 1, maxRank: 3 });
    expect(result.ctrCurve).toEqual(expectedCurve());
    // By hand from the table: ordinal 1 shows s1 a, s2 b, s3 a, s4 d, s5 d, s6 d, s8 e (7), clicked s1 a, s6 d.
    expect(result.ctrCurve[0]).toEqual({ ordinal: 1, impressions: 7, clicks: 2, ctr: 2 / 7 });
  });

  it('scores COEC as clicks over expected clicks and grades by the default thresholds', () => {
    const result = clickJudgements(TRAFFIC, { model: 'coec', minImpressions: 2, maxRank: 3 });
    expectJudgements(result.judgements, expectedPairs('coec', 2));
    // One pair by hand: (install linux, e) was shown at 2, 3, 2, 1 and clicked twice:
    // ctr(1) = 2/7, ctr(2) = 3/7 (s1 b, s2 a*, s3 b, s3 z*, s4 e*, s6 e, s8 d), ctr(3) = 1/6 (s1 c, s2 c, s3 c,
    // s4 a, s5 e*, s8 g). E = 3/7 + 1/6 + 3/7 + 2/7 = 8/7 + 1/6 = 55/42, COEC = 2 / (55/42) = 84/55 ~ 1.53:
    // it reaches 0.5 and 1, not 2: grade 2.
    const e = result.judgements.find((j) => j.queryKey === queryKey('install linux') && j.docId === 'e')!;
    expect(e.expectedClicks).toBeCloseTo(55 / 42, 12);
    expect(e.score).toBeCloseTo(84 / 55, 12);
    expect(e.grade).toBe(2);
    // (reset password, a) sits exactly on a threshold: shown at 1, 2, 1 and clicked twice,
    // E = 2/7 + 3/7 + 2/7 = 1 and COEC = 2, which reaches 2: grade 3 (whatever the rounding of E).
    const a = result.judgements.find((j) => j.queryKey === queryKey('reset password') && j.docId === 'a')!;
    expect(a.score).toBeCloseTo(2, 12);
    expect(a.grade).toBe(3);
  });

  it('scores ctr as clicks over impressions', () => {
    const result = clickJudgements(TRAFFIC, { model: 'ctr', minImpressions: 2, maxRank: 3 });
    expectJudgements(result.judgements, expectedPairs('ctr', 2));
    // (reset password, a): shown 3 times, clicked twice: 2/3 >= 0.5, grade 3.
    const a = result.judgements.find((j) => j.queryKey === queryKey('reset password') && j.docId === 'a')!;
    expect([a.score, a.grade]).toEqual([2 / 3, 3]);
  });

  it('keeps never-clicked pairs as grade 0 (judged not relevant)', () => {
    const result = clickJudgements(TRAFFIC, { model: 'coec', minImpressions: 2, maxRank: 3 });
    const b = result.judgements.find((j) => j.queryKey === queryKey('reset password') && j.docId === 'b')!;
    expect(b).toMatchObject({ clicks: 0, impressions: 3, score: 0, grade: 0 });
  });

  it('drops pairs shown fewer than minImpressions times, and counts them', () => {
    const pairs = new Set(IMPRESSIONS.map(([t, d]) => `${t}|${d}`));
    const perPair = (name: string) => IMPRESSIONS.filter(([t, d]) => `${t}|${d}` === name).length;
    for (const min of [1, 2, 4, 5]) {
      const result = clickJudgements(TRAFFIC, { model: 'coec', minImpressions: min, maxRank: 3 });
      const kept = [...pairs].filter((p) => perPair(p) >= min).length;
      expect(result.counts.pairsKept).toBe(kept);
      expect(result.counts.pairsBelowMinImpressions).toBe(pairs.size - kept);
      expect(result.judgements.every((j) => j.impressions >= min)).toBe(true);
    }
    // With 4: only (install linux, d) and (install linux, e) were shown 4 times: one query kept.
    expect(clickJudgements(TRAFFIC, { model: 'ctr', minImpressions: 4, maxRank: 3 }).counts.queriesKept).toBe(1);
  });

  it('counts what it did not use, and the searches that showed nothing', () => {
    const { counts } = clickJudgements(TRAFFIC, { model: 'coec', minImpressions: 1, maxRank: 3 });
    expect(counts.searches).toBe(8);
    expect(counts.searchesWithoutImpressions).toBe(1);
    expect(counts.impressions).toBe(IMPRESSIONS.length);
    expect(counts.clicks).toBe(IMPRESSIONS.filter(([, , , c]) => c).length);
    expect(counts.impressionsAddedByClicks).toBe(1);
    expect(Object.fromEntries(counts.ignored.map((d) => [d.reason, d.count]))).toEqual({
      'click on a query_id no search has': 1,
      'click below the top 3': 1,
      'click without an ordinal, on a document not in the hit list': 1,
      'repeat click on a document already clicked in the same search': 1,
      'click without an object_id': 1,
    });
    expect(counts.ignored[0]!.examples[0]).toMatch(/^events\.jsonl:\d+ nowhere$/);
  });
});

describe('clickJudgements: impressions', () => {
  it('uses a search’s impression events instead of its hit list', () => {
    const traffic: Traffic = {
      searches: [search('i1', 'q', { hitIds: ['a', 'b'] })],
      events: [shown('i1', 'c', 1), shown('i1', 'a', 2)],
      dropped: [],
    };
    const result = clickJudgements(traffic, { model: 'ctr', minImpressions: 1 });
    expect(result.judgements.map((j) => j.docId)).toEqual(['a', 'c']);
    expect(result.ctrCurve.slice(0, 3).map((c) => c.impressions)).toEqual([1, 1, 0]);
  });

  it('counts a document shown twice in one search once, at its first ordinal', () => {
    const traffic: Traffic = {
      searches: [search('t1', 'q', { hitIds: ['a', 'b', 'a'] })],
      events: [click('t1', 'a')],
      dropped: [],
    };
    const result = clickJudgements(traffic, { model: 'ctr', minImpressions: 1 });
    const a = result.judgements.find((j) => j.docId === 'a')!;
    expect([a.impressions, a.clicks]).toEqual([1, 1]);
    expect(result.ctrCurve.slice(0, 3)).toEqual([
      { ordinal: 1, impressions: 1, clicks: 1, ctr: 1 },
      { ordinal: 2, impressions: 1, clicks: 0, ctr: 0 },
      { ordinal: 3, impressions: 0, clicks: 0, ctr: 0 },
    ]);
  });

  it('moves a document’s impression to where a click says it was, so no CTR exceeds 1', () => {
    const traffic: Traffic = {
      searches: [search('m1', 'q', { hitIds: ['a', 'b', 'c'] })],
      events: [click('m1', 'c', 1)],
      dropped: [],
    };
    const result = clickJudgements(traffic, { model: 'ctr', minImpressions: 1 });
    expect(result.counts.impressionsMovedByClicks).toBe(1);
    expect(result.ctrCurve.slice(0, 3).map((c) => [c.impressions, c.clicks])).toEqual([
      [2, 1],
      [1, 0],
      [0, 0],
    ]);
    expect(result.ctrCurve.every((c) => c.ctr <= 1)).toBe(true);
  });

  it('leaves results below maxRank out of impressions', () => {
    const hits = Array.from({ length: 12 }, (_, i) => `d${i + 1}`);
    const result = clickJudgements(
      { searches: [search('r1', 'q', { hitIds: hits })], events: [], dropped: [] },
      {
        model: 'ctr',
        minImpressions: 1,
      },
    );
    expect(result.ctrCurve).toHaveLength(10);
    expect(result.counts.impressions).toBe(10);
    expect(result.judgements.map((j) => j.docId)).not.toContain('d11');
  });

  it('skips holes in the hit list', () => {
    const result = clickJudgements(
      { searches: [search('h1', 'q', { hitIds: ['a', undefined, 'c'] })], events: [], dropped: [] },
      { model: 'ctr', minImpressions: 1 },
    );
    expect(result.ctrCurve.slice(0, 3).map((c) => c.impressions)).toEqual([1, 0, 1]);
  });

  it('treats the configured actions as clicks', () => {
    const traffic: Traffic = {
      searches: [search('c1', 'q', { hitIds: ['a', 'b'] })],
      events: [event('c1', 'add_to_cart', { objectId: 'b', ordinal: 2 })],
      dropped: [],
    };
    expect(clickJudgements(traffic, { model: 'ctr', minImpressions: 1 }).counts.clicks).toBe(0);
    const counted = clickJudgements(traffic, { model: 'ctr', minImpressions: 1, clickActions: ['add_to_cart'] });
    expect(counted.judgements.find((j) => j.docId === 'b')).toMatchObject({ clicks: 1, score: 1 });
  });

  it('keys pairs as the query set does: masked unless personal data is kept', () => {
    const traffic: Traffic = {
      searches: [search('p1', 'order 12345678', { hitIds: ['a'] })],
      events: [],
      dropped: [],
    };
    expect(clickJudgements(traffic, { model: 'ctr', minImpressions: 1 }).judgements[0]).toMatchObject({
      queryKey: queryKey('order <number>'),
      userQuery: 'order <number>',
    });
    expect(clickJudgements(traffic, { model: 'ctr', minImpressions: 1, keepPii: true }).judgements[0]!.queryKey).toBe(
      queryKey('order 12345678'),
    );
  });
});

describe('clickJudgements: grades', () => {
  it('grades by how many thresholds the score reaches, a score equal to a threshold reaching it', () => {
    // ctr scores 0/4, 1/4, 2/4, 4/4 against thresholds 0.25, 0.5, 1: grades 0, 1, 2, 3.
    const docs = ['w', 'x', 'y', 'z'];
    const clicksPerDoc = { w: 0, x: 1, y: 2, z: 4 };
    const traffic: Traffic = {
      searches: [1, 2, 3, 4].map((n) => search(`g${n}`, 'q', { hitIds: docs })),
      events: docs.flatMap((d) =>
        Array.from({ length: clicksPerDoc[d as keyof typeof clicksPerDoc] }, (_, i) => click(`g${i + 1}`, d)),
      ),
      dropped: [],
    };
    const result = clickJudgements(traffic, { model: 'ctr', minImpressions: 1, thresholds: [0.25, 0.5, 1] });
    expect(result.judgements.map((j) => [j.docId, j.score, j.grade])).toEqual([
      ['w', 0 / 4, 0],
      ['x', 1 / 4, 1],
      ['y', 2 / 4, 2],
      ['z', 4 / 4, 3],
    ]);
  });

  it('refuses bad options', () => {
    const empty: Traffic = { searches: [], events: [], dropped: [] };
    expect(() => clickJudgements(empty, { model: 'dbn' as 'ctr', minImpressions: 1 })).toThrow(/model/);
    expect(() => clickJudgements(empty, { model: 'ctr', minImpressions: -1 })).toThrow(InputError);
    expect(() => clickJudgements(empty, { model: 'ctr', minImpressions: 1, maxRank: 0 })).toThrow(/maxRank/);
    expect(() => clickJudgements(empty, { model: 'ctr', minImpressions: 1, thresholds: [1, 0.5] })).toThrow(
      /thresholds/,
    );
  });
});
