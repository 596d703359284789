import { addMaskCounts, type MaskCounts } from './mask-pii.js';
import { keyQuery } from './query-key.js';
import type { LoggedSearch } from './types.js';

/** One distinct query of a log: every search whose text normalises (and masks) to the same form. */
export interface CountedQuery {
  key: string;
  /** The most frequent form as typed (masked unless personal data is kept); ties: the first seen. */
  text: string;
  normalized: string;
  /** How many searches asked it. */
  frequency: number;
  /** How many of those searches found nothing (hit list logged and empty). */
  zeroHits: number;
  /** The earliest and latest timestamps among its searches (as logged), when any parses. */
  firstSeen?: string;
  lastSeen?: string;
}

/** The distinct queries of a log, most frequent first (ties by key), with what counting did. */
export interface QueryCounts {
  queries: CountedQuery[];
  /** Searches read. */
  searches: number;
  /** Personal data masked, summed over every search (all zero with `keepPii`). */
  masked: MaskCounts;
}

export interface CountOptions {
  /** Count the text as typed, personal data and all (`--keep-pii`). */
  keepPii?: boolean;
}

interface Tally {
  query: CountedQuery;
  forms: Map<string, number>;
  first?: number;
  last?: number;
}

/**
 * Groups a log's searches into distinct queries and counts them: sampling draws from these, and
 * frequency is what head, torso and tail are cut by. Two searches are the same query when their
 * texts, masked and normalised (query-key.ts), agree; the form shown is the one typed most often,
 * so a query set reads as users wrote it rather than in lower case.
 */
export function countQueries(searches: readonly LoggedSearch[], options: CountOptions = {}): QueryCounts {
  const masked: MaskCounts = { email: 0, phone: 0, number: 0 };
  const byKey = new Map<string, Tally>();
  for (const search of searches) {
    const keyed = keyQuery(search.userQuery, options.keepPii);
    addMaskCounts(masked, keyed.masked);
    let tally = byKey.get(keyed.key);
    if (!tally) {
      tally = {
        query: { key: keyed.key, text: keyed.text, normalized: keyed.normalized, frequency: 0, zeroHits: 0 },
        forms: new Map(),
      };
      byKey.set(keyed.key, tally);
    }
    const q = tally.query;
    q.frequency++;
    if (search.hitIds?.length === 0) q.zeroHits++;
    tally.forms.set(keyed.text, (tally.forms.get(keyed.text) ?? 0) + 1);
    const time = search.timestamp === undefined ? NaN : Date.parse(search.timestamp);
    if (!Number.isNaN(time)) {
      if (tally.first === undefined || time < tally.first) [tally.first, q.firstSeen] = [time, search.timestamp];
      if (tally.last === undefined || time > tally.last) [tally.last, q.lastSeen] = [time, search.timestamp];
    }
  }
  const queries = [...byKey.values()].map(({ query, forms }) => ({ ...query, text: mostFrequentForm(forms) }));
  return { queries: queries.sort(byFrequency), searches: searches.length, masked };
}

/** Most frequent first, then by key: the one order every traffic output uses, so diffs stay small. */
export function byFrequency(a: { key: string; frequency: number }, b: { key: string; frequency: number }): number {
  return b.frequency - a.frequency || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

// Maps iterate in insertion order, so keeping the first strictly larger count breaks ties by first seen.
function mostFrequentForm(forms: ReadonlyMap<string, number>): string {
  let best = '';
  let bestCount = 0;
  for (const [form, count] of forms) if (count > bestCount) [best, bestCount] = [form, count];
  return best;
}
