import { type DocKeyOptions, type DocKeys, loadDocKeys, resolveDocId } from './doc-keys.js';
import { DroppedTally } from './dropped.js';
import type { LoggedEvent, LoggedSearch, RecordSource, Traffic } from './types.js';

export const UNMATCHED_DOCUMENT = 'unmatched document';
export const SHARED_KEY = 'document key shared by several documents (first kept)';

/**
 * Maps the object ids of a Traffic to the document ids of a corpus, so clicks and results can
 * become judgements on that corpus. Ids are matched by the document id or by `docKey` (such as
 * `metadata.url`); chunk ids `DOCID#N` count for their document. An id that matches nothing is
 * counted under "unmatched document", its first ten distinct values shown: in `hitIds` it leaves
 * a hole (`undefined`) so the positions of the others stay as shown; an event on it is dropped.
 * Kept separate from readTraffic because reading needs no corpus and one read may be matched
 * against several. Returns a new Traffic; the one given is not changed.
 */
export async function matchDocs(traffic: Traffic, options: DocKeyOptions): Promise<Traffic> {
  return matchWithKeys(traffic, await loadDocKeys(options));
}

/** matchDocs with the corpus's keys already loaded (tests, and callers matching several logs). */
export function matchWithKeys(traffic: Traffic, keys: DocKeys): Traffic {
  const dropped = new DroppedTally(traffic.dropped);
  for (const { key, docs } of keys.shared) dropped.add(SHARED_KEY, `${JSON.stringify(key)}: ${docs.join(', ')}`);
  const shown = new Set<string>();
  const unmatched = (id: string, from: RecordSource) => {
    const first = !shown.has(id) && shown.size < 10;
    if (first) shown.add(id);
    dropped.add(UNMATCHED_DOCUMENT, first ? `${from.file}:${from.line}: ${JSON.stringify(id)}` : undefined);
  };
  const searches = traffic.searches.map((s): LoggedSearch => {
    if (s.hitIds === undefined) return s;
    const hitIds = s.hitIds.map((id) => {
      if (id === undefined) return undefined;
      const doc = resolveDocId(keys, id);
      if (doc === undefined) unmatched(id, s.from);
      return doc;
    });
    return { ...s, hitIds };
  });
  const events: LoggedEvent[] = [];
  for (const e of traffic.events) {
    if (e.objectId === undefined) {
      events.push(e);
      continue;
    }
    const doc = resolveDocId(keys, e.objectId);
    if (doc === undefined) unmatched(e.objectId, e.from);
    else events.push({ ...e, objectId: doc });
  }
  return { searches, events, dropped: dropped.list() };
}
