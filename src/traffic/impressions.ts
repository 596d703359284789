import { DroppedTally } from './dropped.js';
import type { DroppedCount, LoggedEvent, LoggedSearch, Traffic } from './types.js';

/** What one search showed (within maxRank) and which of those documents were clicked. */
export interface SearchImpressions {
  search: LoggedSearch;
  /** Document -> the ordinal it was shown at (1 is the first result). */
  shown: Map<string, number>;
  /** Documents clicked in this search, each once. */
  clicked: Set<string>;
}

export interface ImpressionOptions {
  /** Ordinals 1..maxRank are counted; lower results are ignored. */
  maxRank: number;
  /** Event actions that are clicks. */
  clickActions: readonly string[];
  /** The event action that records a result as shown. */
  impressionAction: string;
}

export interface Impressions {
  searches: SearchImpressions[];
  /** Searches with no hit list and no impression events (their clicks still make impressions). */
  searchesWithoutImpressions: number;
  /** Clicks used (one per document and search). */
  clicks: number;
  /** Clicks on a document the search never showed within maxRank: an impression was made for each. */
  impressionsAddedByClicks: number;
  /** Clicks at another ordinal than the one logged for the document: its impression moved there. */
  impressionsMovedByClicks: number;
  /** Searches, clicks and impression events not used, by reason. */
  ignored: DroppedCount[];
}

/**
 * Works out, for every logged search, what it showed and what was clicked: the counting the click
 * models (click-models.ts) rest on.
 *
 * - An impression is a (search, document, ordinal) for ordinals 1..maxRank. The search's impression
 *   events, when the log has any for its query_id, are its impressions; otherwise its hit list is
 *   (hitIds[i] is ordinal i + 1; holes skipped). A document shown at several ordinals of one search
 *   counts once, at its first (lowest) ordinal. A search with neither shows nothing.
 * - A click is an event whose action is a click action, with an object_id, for a logged query_id.
 *   Its ordinal is the event's, or else where the search showed the document, or else the
 *   document's place in the hit list. Clicks with no ordinal or one beyond maxRank are ignored and
 *   counted, as are repeat clicks on a document already clicked in the same search: a result is
 *   clicked or not, so clicks never outnumber impressions.
 * - A click on a document the search did not show (or showed at another ordinal than the click
 *   says) is still a click at the click's ordinal, and the document's impression is put there: the
 *   user saw it there. Every click therefore has its impression, and no click-through rate exceeds 1.
 *   The number of impressions made or moved this way is reported. (A plain click log, with no hit
 *   lists, thus gives every clicked pair a click-through of 1: judgements need a log of what was shown.)
 *
 * Searches repeating a query_id already read are ignored and counted (two exports of one log).
 */
export function searchImpressions(traffic: Traffic, options: ImpressionOptions): Impressions {
  const ignored = new DroppedTally();
  const byId = new Map<string, SearchImpressions>();
  for (const search of traffic.searches) {
    if (byId.has(search.queryId)) ignored.add('search repeats a query_id already read', search.from, search.queryId);
    else byId.set(search.queryId, { search, shown: new Map(), clicked: new Set() });
  }

  const impressionEvents = new Map<string, LoggedEvent[]>();
  const clickEvents: LoggedEvent[] = [];
  for (const event of traffic.events) {
    if (event.action === options.impressionAction) {
      if (!byId.has(event.queryId)) ignored.add('impression for a query_id no search has', event.from, event.queryId);
      else {
        const list = impressionEvents.get(event.queryId);
        if (list) list.push(event);
        else impressionEvents.set(event.queryId, [event]);
      }
    } else if (options.clickActions.includes(event.action)) clickEvents.push(event);
  }

  let searchesWithoutImpressions = 0;
  for (const entry of byId.values()) {
    const events = impressionEvents.get(entry.search.queryId);
    if (events) for (const event of events) showFromEvent(entry, event, options.maxRank, ignored);
    else if (entry.search.hitIds) {
      const hits = entry.search.hitIds;
      for (let i = 0; i < Math.min(hits.length, options.maxRank); i++) {
        const id = hits[i];
        if (id !== undefined && !entry.shown.has(id)) entry.shown.set(id, i + 1);
      }
    } else searchesWithoutImpressions++;
  }

  let clicks = 0;
  let impressionsAddedByClicks = 0;
  let impressionsMovedByClicks = 0;
  for (const event of clickEvents) {
    const entry = byId.get(event.queryId);
    if (!entry) {
      ignored.add('click on a query_id no search has', event.from, event.queryId);
      continue;
    }
    const doc = event.objectId;
    if (doc === undefined) {
      ignored.add('click without an object_id', event.from);
      continue;
    }
    const ordinal = event.ordinal ?? entry.shown.get(doc) ?? hitOrdinal(entry.search, doc);
    if (ordinal === undefined) {
      ignored.add('click without an ordinal, on a document not in the hit list', event.from, doc);
      continue;
    }
    if (!Number.isSafeInteger(ordinal) || ordinal < 1) {
      ignored.add('click ordinal is not a positive integer', event.from, String(ordinal));
      continue;
    }
    if (ordinal > options.maxRank) {
      ignored.add(`click below the top ${options.maxRank}`, event.from, `ordinal ${ordinal}`);
      continue;
    }
    if (entry.clicked.has(doc)) {
      ignored.add('repeat click on a document already clicked in the same search', event.from, doc);
      continue;
    }
    entry.clicked.add(doc);
    clicks++;
    const was = entry.shown.get(doc);
    if (was === undefined) impressionsAddedByClicks++;
    else if (was !== ordinal) impressionsMovedByClicks++;
    entry.shown.set(doc, ordinal);
  }

  return {
    searches: [...byId.values()],
    searchesWithoutImpressions,
    clicks,
    impressionsAddedByClicks,
    impressionsMovedByClicks,
    ignored: ignored.list(),
  };
}

function showFromEvent(entry: SearchImpressions, event: LoggedEvent, maxRank: number, ignored: DroppedTally): void {
  const doc = event.objectId;
  if (doc === undefined) return ignored.add('impression without an object_id', event.from);
  const ordinal = event.ordinal ?? hitOrdinal(entry.search, doc);
  if (ordinal === undefined)
    return ignored.add('impression without an ordinal, of a document not in the hit list', event.from, doc);
  if (!Number.isSafeInteger(ordinal) || ordinal < 1)
    return ignored.add('impression ordinal is not a positive integer', event.from, String(ordinal));
  if (ordinal > maxRank) return;
  const was = entry.shown.get(doc);
  if (was === undefined || ordinal < was) entry.shown.set(doc, ordinal);
}

/** The document's first ordinal in the search's hit list, however deep. */
function hitOrdinal(search: LoggedSearch, doc: string): number | undefined {
  const at = search.hitIds?.indexOf(doc) ?? -1;
  return at < 0 ? undefined : at + 1;
}
