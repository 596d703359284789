import { createQueryTerms } from '../analysis/query-terms.js';
import { termsToMatch, toMatchExpression } from '../store/bm25-sql.js';
import type { IndexReader } from '../store/index-reader.js';
import { analyzerFor } from '../store/tokenizers.js';
import { rankHits } from '../ranking/rank.js';
import type { Retriever, SearchOptions } from './types.js';

/**
 * BM25 as computed by SQLite FTS5's bm25() (k1 = 1.2, b = 0.75, fixed by FTS5), over chunk
 * title + text with the tokenizer chosen at index time. The query's terms are ORed and quoted
 * (see toMatchExpression), so no user text can raise an FTS5 syntax error; a query with no
 * searchable term returns no hits. On a `multilingual` index the query goes through the same
 * language-aware analyser as the documents, in the query's language (see createQueryTerms).
 */
export function createFts5Retriever(reader: IndexReader): Retriever {
  const analyzer = analyzerFor(reader.meta.tokenizer);
  const queryTerms = analyzer && createQueryTerms(analyzer, reader.meta.languages ?? {});
  return {
    name: 'bm25-fts5',
    async search(query: string, { k, level, filter, queryLang }: SearchOptions) {
      const t0 = performance.now();
      const match = queryTerms ? termsToMatch(queryTerms(query, queryLang)) : toMatchExpression(query);
      const rows = match === null || k <= 0 ? [] : reader.bm25(match, level, k, filter);
      return { hits: rankHits(rows, k), timings: { bm25: performance.now() - t0 } };
    },
  };
}
