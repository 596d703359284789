import type { Searcher } from '../../search/searcher.js';
import type { HitView, SearchResponse } from '../../search/types.js';

/** What hitLanguages reads of a response: its level and its hits' ids (sent to a worker, without the texts). */
export type HitIds = Pick<SearchResponse, 'level'> & { hits: Pick<HitView, 'id' | 'doc_id'>[] };

/** The part of `responses` hitLanguages reads, small enough to send to another thread. */
export function hitIds(responses: readonly HitIds[]): HitIds[] {
  return responses.map((r) => ({ level: r.level, hits: r.hits.map(({ id, doc_id }) => ({ id, doc_id })) }));
}

/**
 * The stored language of each hit, by hit id: the language its passage is analysed in when it
 * is highlighted. A chunk-level hit is its chunk; a document-level hit takes its document's
 * first chunk (every chunk carries its document's language), looked up in the Searcher's table
 * (built once from the per-language chunk lists `lang=` filters with).
 */
export function hitLanguages(searcher: Searcher, responses: readonly HitIds[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of responses) {
    for (const hit of r.hits) {
      if (out.has(hit.id)) continue;
      const chunkId = r.level === 'chunk' ? hit.id : searcher.reader.chunksOf(hit.doc_id)[0]?.id;
      const lang = chunkId === undefined ? undefined : searcher.chunkLanguage(chunkId);
      if (lang !== undefined) out.set(hit.id, lang);
    }
  }
  return out;
}
