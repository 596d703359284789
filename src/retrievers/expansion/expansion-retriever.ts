import type { LexicalIndex, WeightedTerm } from '../lexical-index.js';
import { plainQuery } from '../postings-bm25.js';
import type { Retrieval, Retriever, SearchOptions } from '../types.js';
import { type FeedbackDoc, feedbackDocs } from './feedback.js';

/** How one expansion model turns a query's terms and its feedback documents into a weighted query. */
export type ExpansionModel = (queryTerms: readonly string[], feedback: readonly FeedbackDoc[]) => WeightedTerm[];

/** One query's expansion, as `testbed search --explain` and the playground show it. */
export interface Expansion {
  /** The analysed query terms (a repeated term listed again). */
  queryTerms: string[];
  /** The first pass's chunks the expansion was read from, best first. */
  feedback: { chunkId: string; score: number }[];
  /** The weighted query the second pass scores, heaviest first. */
  terms: WeightedTerm[];
}

/** A retriever that reformulates each query from its first results, and says how it did. */
export interface ExpansionRetriever extends Retriever {
  expand(query: string, options: Pick<SearchOptions, 'filter' | 'queryLang'>): Expansion;
}

/**
 * Pseudo-relevance feedback over a lexical index: BM25 for the query's terms, the top `fbDocs`
 * chunks' term vectors through `model`, then BM25 again for the weighted terms it returns (each
 * term's score times its weight, lexical-index.ts). A query with no known term, or one whose
 * model returns nothing, is scored as typed.
 */
export function createExpansionRetriever(
  name: string,
  index: LexicalIndex,
  fbDocs: number,
  model: ExpansionModel,
): ExpansionRetriever {
  const expand = (query: string, { filter, queryLang }: Pick<SearchOptions, 'filter' | 'queryLang'>): Expansion => {
    const queryTerms = index.analysis.queryTerms(query, queryLang);
    const feedback = feedbackDocs(index, queryTerms, fbDocs, filter);
    const weighted = feedback.length > 0 ? model(queryTerms, feedback) : [];
    return {
      queryTerms,
      feedback: feedback.map(({ chunkId, score }) => ({ chunkId, score })),
      terms: weighted.length > 0 ? weighted : plainQuery(queryTerms),
    };
  };
  return {
    name,
    expand,
    async search(query: string, options: SearchOptions): Promise<Retrieval> {
      const t0 = performance.now();
      const { terms } = expand(query, options);
      const t1 = performance.now();
      const result = index.scoreTerms(terms, options);
      return {
        hits: result.hits,
        timings: { feedback: t1 - t0, bm25: performance.now() - t1 },
        expansions: { [name]: terms },
      };
    },
  };
}
