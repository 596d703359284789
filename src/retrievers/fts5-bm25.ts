import { createQueryTerms, type QueryTerms } from '../analysis/query-terms.js';
import { plainTerms, queryPhrases } from '../store/bm25-sql.js';
import type { IndexReader } from '../store/index-reader.js';
import { analysisIgnoresLanguage, analyzerFor } from '../store/tokenizers.js';
import type { Retriever, SearchOptions } from './types.js';

/**
 * BM25 as computed by SQLite FTS5's bm25() (k1 = 1.2, b = 0.75, fixed by FTS5), over chunk
 * title + text with the tokenizer chosen at index time. The query's terms are ORed and quoted
 * (see toMatchExpression), so no user text can raise an FTS5 syntax error; a query with no
 * searchable term returns no hits. On a `multilingual` index the query goes through the same
 * language-aware analyser as the documents, in the query's language (see createQueryTerms); on
 * an `english` index, whose analyser ignores the language, the query is analysed once and its
 * language never detected (the same phrases: createQueryTerms' union over languages of one
 * analysis is that analysis, and queryPhrases de-duplicates either way).
 */
export function createFts5Retriever(reader: IndexReader): Retriever {
  const terms = termsFor(reader);
  return {
    name: 'bm25-fts5',
    async search(query: string, { k, level, filter, queryLang }: SearchOptions) {
      const t0 = performance.now();
      const phrases = queryPhrases(terms(query, queryLang));
      const rows = phrases.length === 0 || k <= 0 ? [] : reader.bm25(phrases, level, k, filter);
      // The reader ranks (score descending, then id descending in byte order) and cuts at k.
      const hits = rows.map((r, i) => ({ ...r, rank: i + 1 }));
      return { hits, timings: { bm25: performance.now() - t0 } };
    },
  };
}

/**
 * The phrases the FTS5 leg searches an index for, in the order it ORs them: the query analysed
 * as the index's documents were (`testbed search --sql` shows these, not the raw words).
 */
export function fts5Phrases(reader: IndexReader, query: string, queryLang?: string): string[] {
  return queryPhrases(termsFor(reader)(query, queryLang));
}

function termsFor(reader: IndexReader): QueryTerms {
  const { tokenizer, languages } = reader.meta;
  const analyze = analyzerFor(tokenizer);
  if (!analyze) return plainTerms;
  if (analysisIgnoresLanguage(tokenizer)) return (query) => analyze(query);
  return createQueryTerms(analyze, languages ?? {});
}
