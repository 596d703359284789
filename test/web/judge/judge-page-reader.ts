import { expect } from 'vitest';
import { browserGet, type WebFixture } from '../helpers/web-fixture.js';

/** The pair a judging page shows (its data attributes), or undefined when it shows none. */
export const shownPair = (html: string) => {
  const m = html.match(/<article class="judge-pair"[^>]* data-qid="([^"]*)" data-doc-id="([^"]*)" data-at="(\d+)"/);
  return m ? { queryId: m[1]!, docId: m[2]!, at: Number(m[3]) } : undefined;
};

/** The judging page as a browser gets it, for the fixture's app: `get(query)` and `walk(query, left)`. */
export function judgePageReader(fx: () => WebFixture) {
  const get = async (query: string) => {
    const res = await browserGet(fx().app, `/judge?${query}`);
    return { res, html: await res.text() };
  };
  /** Every pair left, in the order the page walks them (at = 0, 1, ...). */
  const walk = async (query: string, left: number) => {
    const pairs = [];
    for (let at = 0; at < left; at++) {
      const pair = shownPair((await get(`${query}&at=${at}`)).html);
      expect(pair?.at).toBe(at);
      pairs.push({ queryId: pair!.queryId, docId: pair!.docId });
    }
    return pairs;
  };
  return { get, walk };
}
