import type { Searcher } from '../../search/searcher.js';
import type { SearchResponse } from '../../search/types.js';

/**
 * The stored language of each hit, by hit id: the language its passage is analysed in when it
 * is highlighted. A chunk-level hit is its chunk; a document-level hit takes its document's
 * first chunk (every chunk carries its document's language). The per-language chunk lists are
 * the ones `lang=` filters with, so they are read from the index once.
 */
export function hitLanguages(searcher: Searcher, responses: readonly SearchResponse[]): Map<string, string> {
  const lists = Object.keys(searcher.meta.languages ?? {}).map((lang) => [lang, searcher.languageFilter(lang).chunkIds] as const);
  const out = new Map<string, string>();
  for (const r of responses) {
    for (const hit of r.hits) {
      if (out.has(hit.id)) continue;
      const chunkId = r.level === 'chunk' ? hit.id : searcher.reader.chunksOf(hit.doc_id)[0]?.id;
      const lang = chunkId === undefined ? undefined : lists.find(([, ids]) => ids.has(chunkId))?.[0];
      if (lang !== undefined) out.set(hit.id, lang);
    }
  }
  return out;
}
