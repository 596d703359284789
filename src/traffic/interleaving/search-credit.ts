import { DEFAULT_CLICK_ACTIONS } from '../click-models.js';
import { DroppedTally } from '../dropped.js';
import type { DroppedCount, LoggedInterleaving, LoggedSearch, Traffic } from '../types.js';
import { balancedCredit } from './balanced-credit.js';

/** One interleaved search with its clicks credited: each arm's count. */
export interface SearchCredit {
  search: LoggedSearch;
  interleaving: LoggedInterleaving;
  /** Arm -> clicks credited to it (every arm present, 0 when none). */
  credit: Map<string, number>;
}

export interface Credits {
  searches: SearchCredit[];
  /** Clicks and searches that could not be credited, by reason (a count and the first few). */
  ignored: DroppedCount[];
}

export const UNSHOWN_CLICK = 'click on a document the interleaved list did not show';
export const REPEAT_CLICK = 'repeat click on a document already clicked in the same search';
export const NO_OBJECT_CLICK = 'click without an object_id';
export const TEAMLESS_CLICK = 'click on a hit credited to no arm';

/**
 * Credits the clicks of every interleaved search (one whose log record carries `interleaving`)
 * to the arms. Clicks are counted as the click models count them: events whose action is a click
 * action, one per document and search (a second click on a document is counted apart, as are
 * clicks without an object_id). A click is placed by its document, not its ordinal: the team is
 * the document's in the logged list, so a click whose ordinal disagrees with the list still goes
 * to the arm that contributed the document. A click on a document the list did not show is
 * ignored and counted.
 *
 * - team-draft and team-draft-multileave: a click counts for the team of the clicked hit, the
 *   arm the merge took it from, even when other arms ranked the same document.
 * - balanced: Joachims' rule (balanced-credit.ts), from each arm's own list.
 */
export function creditSearches(
  traffic: Pick<Traffic, 'searches' | 'events'>,
  clickActions: readonly string[] = DEFAULT_CLICK_ACTIONS,
): Credits {
  const ignored = new DroppedTally();
  const clicked = new Map<string, Set<string>>();
  const interleaved = traffic.searches.filter((s) => s.interleaving !== undefined);
  const byId = new Map(interleaved.map((s) => [s.queryId, s]));
  for (const event of traffic.events) {
    const search = byId.get(event.queryId);
    if (search === undefined || !clickActions.includes(event.action)) continue;
    const doc = event.objectId;
    if (doc === undefined) {
      ignored.add(NO_OBJECT_CLICK, event.from);
      continue;
    }
    if (!search.hitIds?.includes(doc)) {
      ignored.add(UNSHOWN_CLICK, event.from, doc);
      continue;
    }
    let docs = clicked.get(search.queryId);
    if (docs === undefined) clicked.set(search.queryId, (docs = new Set()));
    if (docs.has(doc)) ignored.add(REPEAT_CLICK, event.from, doc);
    else docs.add(doc);
  }

  const searches: SearchCredit[] = [];
  for (const search of interleaved) {
    const interleaving = search.interleaving!;
    const docs = [...(clicked.get(search.queryId) ?? [])];
    const credit = new Map(interleaving.arms.map((arm) => [arm, 0]));
    if (interleaving.method === 'balanced' && docs.length > 0) {
      const counted = balancedCredit(search.hitIds ?? [], interleaving, docs);
      if ('reason' in counted) {
        ignored.add(counted.reason, search.from, search.queryId);
        continue;
      }
      for (const [arm, n] of counted.credit) credit.set(arm, n);
    } else if (interleaving.method !== 'balanced') {
      for (const doc of docs) {
        const team = interleaving.teams[search.hitIds!.indexOf(doc)];
        if (team === null || team === undefined) ignored.add(TEAMLESS_CLICK, search.from, doc);
        else credit.set(team, credit.get(team)! + 1);
      }
    }
    searches.push({ search, interleaving, credit });
  }
  return { searches, ignored: ignored.list() };
}
