import MiniSearch from 'minisearch';
import { createLexicalAnalyzer } from '../../src/analysis/english-analyzer.js';
import type { PeerDoc } from './peer-orama.js';

export interface MiniSearchSettings {
  /** Porter2 stemming and Lucene's English stop words through our analyser (as wink). */
  analyzed: boolean;
  /** BM25 parameters; MiniSearch's default is BM25+ with k 1.2, b 0.7, d 0.5. */
  bm25?: { k: number; b: number; d: number };
}

export interface MiniSearchPeer {
  buildSeconds: number;
  /** Document ids, best first. */
  search(query: string, k: number): string[];
}

/**
 * MiniSearch 7 over title and text (each field scored with BM25, the fields' scores added,
 * boost 1 each). OR semantics, no prefix and no fuzzy matching (its defaults). MiniSearch
 * multiplies each result's score by the number of query terms it matched (its "quality"
 * factor). `analyzed` runs every term through the analyser our wink engine uses (NFKC, lower
 * case, possessive 's, Lucene's 33 stop words, Porter2) via processTerm, on documents and
 * queries alike; otherwise MiniSearch's default (lower case only).
 */
export function createMiniSearchPeer(docs: readonly PeerDoc[], settings: MiniSearchSettings): MiniSearchPeer {
  const t0 = performance.now();
  const analyze = createLexicalAnalyzer({ stem: true, stopwords: true });
  const processTerm = settings.analyzed
    ? (term: string) => {
        const terms = analyze(term);
        return terms.length === 0 ? null : terms;
      }
    : undefined;
  const index = new MiniSearch<PeerDoc>({
    fields: ['title', 'text'],
    idField: 'id',
    ...(processTerm && { processTerm }),
    searchOptions: { combineWith: 'OR', prefix: false, fuzzy: false, ...(settings.bm25 && { bm25: settings.bm25 }) },
  });
  index.addAll(docs as PeerDoc[]);
  const buildSeconds = (performance.now() - t0) / 1000;
  return {
    buildSeconds,
    search: (query, k) =>
      index
        .search(query)
        .slice(0, k)
        .map((r) => String(r.id)),
  };
}
