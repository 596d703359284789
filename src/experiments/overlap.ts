import { plainTerms } from '../store/bm25-sql.js';
import { analyzerFor } from '../store/tokenizers.js';
import { fts5Phrases } from '../retrievers/fts5-bm25.js';
import type { Query } from '../corpus/index.js';
import type { Searcher } from '../search/searcher.js';

/** How one query's terms meet its relevant documents' terms. */
export interface TermOverlap {
  /** Distinct analysed query terms. */
  terms: number;
  /** Of those, the ones found in at least one relevant document. */
  found: number;
  /** found / terms; NaN for a query with no term left after analysis (all stop words, say). */
  overlap: number;
}

/** Turns query text and relevant documents into terms, the way one index's BM25 does. */
export interface OverlapAnalysis {
  /** The index's tokenizer, named in the report so a reader knows which analysis counted. */
  tokenizer: string;
  queryTerms(text: string): string[];
  documentTerms(docId: string): Iterable<string>;
}

/**
 * The share of a query's distinct terms that appear in the union of its relevant documents'
 * terms: 1 when every word of the question is in the answer's text. Questions generated from a
 * passage tend to copy its words (high overlap) where real users, who have not read it, use
 * their own (lower overlap), which makes lexical retrieval look better on generated sets than it
 * is; this number shows by how much a set's questions lean on the passage's own words.
 */
export function termOverlap(queryTerms: Iterable<string>, documentTerms: ReadonlySet<string>): TermOverlap {
  const distinct = new Set(queryTerms);
  let found = 0;
  for (const term of distinct) if (documentTerms.has(term)) found++;
  return { terms: distinct.size, found, overlap: distinct.size === 0 ? NaN : found / distinct.size };
}

/**
 * Overlap of every query that has relevant documents (`relevant`: query id → relevant document
 * ids), with the terms `analysis` gives. A document's terms are computed once, however many
 * queries it is relevant to; a document the index does not hold contributes no terms.
 */
export function queryOverlaps(
  queries: readonly Query[],
  relevant: ReadonlyMap<string, Iterable<string>>,
  analysis: OverlapAnalysis,
): Map<string, TermOverlap> {
  const termsOf = new Map<string, Set<string>>();
  const documentTerms = (docId: string) => {
    let terms = termsOf.get(docId);
    if (terms === undefined) termsOf.set(docId, (terms = new Set(analysis.documentTerms(docId))));
    return terms;
  };
  const overlaps = new Map<string, TermOverlap>();
  for (const query of queries) {
    const docIds = relevant.get(query.id);
    if (docIds === undefined) continue;
    const union = new Set<string>();
    for (const docId of docIds) for (const term of documentTerms(docId)) union.add(term);
    overlaps.set(query.id, termOverlap(analysis.queryTerms(query.text), union));
  }
  return overlaps;
}

/**
 * The analysis BM25 runs on this index: the query terms its FTS5 leg searches for (stems, stop
 * words dropped, de-duplicated; fts5Phrases), and for a document the terms of each of its
 * chunks' title and text as the index analysed them (each chunk in its stored language). On an
 * index whose tokenizer is FTS5's own (unicode61, porter, trigram) there is no analyser of ours:
 * both sides are then compared as lower-cased words, unstemmed. At chunk level a relevant id
 * that names a chunk contributes that chunk's terms.
 */
export function indexOverlapAnalysis(searcher: Searcher): OverlapAnalysis {
  const { reader } = searcher;
  const analyze = analyzerFor(reader.meta.tokenizer);
  return {
    tokenizer: reader.meta.tokenizer,
    queryTerms: (text) => fts5Phrases(reader, text),
    *documentTerms(docId) {
      // At chunk level the gold may name a chunk rather than a document.
      const chunks = reader.chunksOf(docId);
      const single = chunks.length === 0 ? reader.chunk(docId) : undefined;
      for (const chunk of single ? [single] : chunks) {
        const text = `${chunk.title}\n${chunk.text}`;
        yield* analyze ? analyze(text, searcher.chunkLanguage(chunk.id)) : plainTerms(text);
      }
    },
  };
}
