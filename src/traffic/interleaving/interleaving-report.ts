import { InputError } from '../../errors.js';
import type { DroppedCount, Traffic } from '../types.js';
import { type PairPreference, pairPreferences } from './pair-preferences.js';
import { creditSearches } from './search-credit.js';

export interface InterleavingReportOptions {
  /** Only the interleaving of this name. */
  name?: string;
  clickActions?: readonly string[];
  seed?: number;
}

export interface InterleavingReport {
  /** Searches whose record carries an interleaving (of `name`, when given). */
  interleavedSearches: number;
  preferences: PairPreference[];
  /** Clicks and searches that could not be credited, by reason. */
  ignored: DroppedCount[];
  /** What reading the log dropped (readTraffic's dropped, malformed interleavings among them). */
  dropped: DroppedCount[];
}

/** The answer `testbed interleave --json` prints and GET /traffic/interleavings sends: snake case, null for none. */
export interface InterleavingsJson {
  interleavings: {
    name: string;
    method: string;
    arms: [string, string];
    searches: number;
    searches_without_clicks: number;
    wins: Record<string, number>;
    ties: number;
    delta: number | null;
    ci95: [number, number] | null;
    p: number | null;
    winner: string | null;
    more_searches_needed: number | null;
  }[];
  interleaved_searches: number;
  ignored: DroppedCount[];
  dropped: DroppedCount[];
}

/**
 * Credits the interleaved searches of a log and states, per pair of arms, who the users
 * preferred (pair-preferences.ts). A `name` no logged search carries is an InputError listing
 * those the log has, since an empty report would read as "no preference".
 */
export function interleavingReport(traffic: Traffic, options: InterleavingReportOptions = {}): InterleavingReport {
  let searches = traffic.searches.filter((s) => s.interleaving !== undefined);
  if (options.name !== undefined) {
    const named = searches.filter((s) => s.interleaving!.name === options.name);
    if (named.length === 0) {
      const names = [...new Set(searches.map((s) => s.interleaving!.name))].sort();
      throw new InputError(
        `no interleaved search in the log is named "${options.name}" (${
          names.length === 0 ? 'the log has no interleaved search' : `it has ${names.join(', ')}`
        })`,
        { field: 'name' },
      );
    }
    searches = named;
  }
  const credits = creditSearches({ searches, events: traffic.events }, options.clickActions);
  return {
    interleavedSearches: searches.length,
    preferences: pairPreferences(credits.searches, options.seed === undefined ? {} : { seed: options.seed }),
    ignored: credits.ignored,
    dropped: traffic.dropped,
  };
}

export function interleavingsJson(report: InterleavingReport): InterleavingsJson {
  return {
    interleavings: report.preferences.map((p) => ({
      name: p.name,
      method: p.method,
      arms: p.arms,
      searches: p.searches,
      searches_without_clicks: p.searchesWithoutClicks,
      wins: p.wins,
      ties: p.ties,
      delta: p.delta ?? null,
      ci95: p.ci95 ?? null,
      p: p.p ?? null,
      winner: p.winner ?? null,
      more_searches_needed: p.moreSearchesNeeded ?? null,
    })),
    interleaved_searches: report.interleavedSearches,
    ignored: report.ignored,
    dropped: report.dropped,
  };
}
