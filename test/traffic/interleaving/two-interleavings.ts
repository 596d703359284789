import { click, interleavedSearch, writeLog } from './interleaved-log.js';

/**
 * Two interleavings: "td" (team-draft, bm25 against weak) where bm25 wins 9 searches and weak 1,
 * one search is tied and one has no click (but a click on a document it did not show); "ml" (multileave over x, y, z) with 2 searches.
 */
export function twoInterleavingsLog(folder: string): string {
  const TD = { name: 'td', method: 'team-draft', arms: ['bm25', 'weak'] };
  const ML = { name: 'ml', method: 'team-draft-multileave', arms: ['x', 'y', 'z'] };
  const td = (id: string) =>
    interleavedSearch(id, TD, [
      ['good', 'bm25'],
      ['bad', 'weak'],
    ]);
  const ml = (id: string) =>
    interleavedSearch(id, ML, [
      ['dx', 'x'],
      ['dy', 'y'],
      ['dz', 'z'],
    ]);
  const searches = [...Array.from({ length: 12 }, (_, i) => td(`t${i}`)), ml('m1'), ml('m2')];
  const events = [
    ...Array.from({ length: 9 }, (_, i) => click(`t${i}`, 'good')),
    click('t9', 'bad'),
    click('t10', 'good'),
    click('t10', 'bad'),
    click('m1', 'dx'),
    click('m2', 'dx'),
    click('m2', 'dz'),
    click('t11', 'never-shown'), // ignored and counted: t11 stays without clicks
  ];
  return writeLog(folder, searches, events);
}
