import { detectLanguage } from '../analysis/detect-language.js';
import { createMultilingualAnalyzer } from '../analysis/multilingual-analyzer.js';
import { termsToMatch, toMatchExpression } from '../store/bm25-sql.js';
import type { IndexReader } from '../store/index-reader.js';
import { isPreAnalyzed } from '../store/tokenizers.js';
import { rankHits } from './rank.js';
import type { Retriever, SearchOptions } from './types.js';

/**
 * BM25 as computed by SQLite FTS5's bm25() (k1 = 1.2, b = 0.75, fixed by FTS5), over chunk
 * title + text with the tokenizer chosen at index time. The query's terms are ORed and quoted
 * (see toMatchExpression), so no user text can raise an FTS5 syntax error; a query with no
 * searchable term returns no hits. On a `multilingual` index the query goes through the same
 * language-aware analyser as the documents, in the query's language (given or detected).
 */
export function createFts5Retriever(reader: IndexReader): Retriever {
  const analyzer = isPreAnalyzed(reader.meta.tokenizer) ? createMultilingualAnalyzer() : undefined;
  // Stem the query in its language only if the index holds documents in that language (they were
  // stemmed the same way). A query too short to detect (an error code, two words) is taken to be
  // in the language of most documents, when one language has most of them.
  const languages = reader.meta.languages ?? {};
  const total = Object.values(languages).reduce((a, b) => a + b, 0);
  const majority = Object.entries(languages).find(([lang, n]) => lang !== 'und' && n > total / 2)?.[0];
  const analysisLanguage = (lang: string | undefined) => (lang === undefined ? majority : (languages[lang] ?? 0) > 0 ? lang : undefined);
  return {
    name: 'bm25-fts5',
    async search(query: string, { k, level, filter, queryLang }: SearchOptions) {
      const t0 = performance.now();
      const match = analyzer ? termsToMatch(analyzer(query, analysisLanguage(queryLang ?? detectLanguage(query)))) : toMatchExpression(query);
      const rows = match === null || k <= 0 ? [] : reader.bm25(match, level, k, filter?.lang);
      return { hits: rankHits(rows, k), timings: { bm25: performance.now() - t0 } };
    },
  };
}
