import type { Level } from '../schemas/names.js';

/** The document a ranked id belongs to: chunk ids are `${docId}#${ordinal}`. */
export function docOf(id: string, level: Level): string {
  if (level === 'doc') return id;
  const hash = id.lastIndexOf('#');
  return hash < 0 ? id : id.slice(0, hash);
}

/**
 * A ranking as the document list metrics are computed on. At chunk level the passages are
 * mapped to their documents and a document's later passages are blanked (they keep their
 * position, so k still counts passages, but a document is credited once). The experiment's
 * scores and `testbed pool` both read rankings this way, so a pool at depth k holds exactly the
 * documents a metric at k looked at.
 */
export function documentRanking(ids: readonly string[], level: Level): string[] {
  if (level === 'doc') return [...ids];
  const seen = new Set<string>();
  return ids.map((id, i) => {
    const doc = docOf(id, level);
    if (seen.has(doc)) return `${BLANK}${i}`;
    seen.add(doc);
    return doc;
  });
}

/** The prefix of a blanked repeat: a NUL, which no document id holds, so no judgement matches it. */
const BLANK = '\u0000repeat-';

/** Whether a ranked id is a blanked repeat of documentRanking rather than a document. */
export function isBlank(id: string): boolean {
  return id.startsWith(BLANK);
}
