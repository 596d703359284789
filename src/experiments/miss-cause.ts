import { createLexicalAnalyzer } from '../analysis/english-analyzer.js';
import type { MissCause } from '../reports/report-model.js';

/**
 * Tokens a user expects to be matched exactly: error codes (E1042), versions (3.2.1), config
 * keys (sync.interval), paths (/v2/files), part numbers: anything with a digit, or letters
 * joined by `.`, `_`, `/`, or an all-caps code of two or more letters.
 */
export function exactTokens(query: string): string[] {
  const words = query.split(/[\s,;:!?()"'“”«»]+/).filter(Boolean);
  return words
    .map((w) => w.replace(/^[^\p{L}\p{N}/]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(
      (w) =>
        /\d/.test(w) ||
        /[\p{L}\p{N}][._/][\p{L}\p{N}]/u.test(w) ||
        /^\/[\p{L}\p{N}]/u.test(w) ||
        /^\p{Lu}{2,}$/u.test(w),
    );
}

const analyze = createLexicalAnalyzer();

/** Share of the query's analysed terms (stemmed, stop words out) that occur in the text. */
export function termOverlap(query: string, text: string): number {
  const terms = [...new Set(analyze(query))];
  if (terms.length === 0) return 1;
  const inText = new Set(analyze(text));
  return terms.filter((t) => inText.has(t)).length / terms.length;
}

/** Below this share of shared terms, the gold document "uses other words" than the query. */
export const VOCABULARY_MISMATCH_BELOW = 0.5;

/**
 * Why a query missed, judged from the query, the gold documents and the answers, in this order:
 * 1. chunk-boundary: an answer string is in a gold document but in none of its chunks;
 * 2. exact-token: the query has an exact token (code, version, key) that a gold document contains
 *    verbatim, and the retriever still missed it;
 * 3. vocabulary-mismatch: the best gold document shares fewer than half of the query's terms,
 *    or no gold document was retrieved at all within the deep list (nothing matched);
 * 4. ranked-too-low: the words are there and a gold document was retrieved, below context_k.
 * (The fifth cause, "the corpus cannot answer", is the unanswerable queries, reported apart.)
 */
export function missCause(
  query: string,
  goldTexts: readonly string[],
  answersAcrossChunks: readonly string[],
  retrieved: boolean,
): MissCause {
  if (answersAcrossChunks.length > 0) return 'chunk-boundary';
  const exact = exactTokens(query).map((t) => t.toLowerCase());
  if (exact.length > 0 && goldTexts.some((t) => exact.some((x) => t.toLowerCase().includes(x)))) return 'exact-token';
  const overlap = Math.max(0, ...goldTexts.map((t) => termOverlap(query, t)));
  if (overlap < VOCABULARY_MISMATCH_BELOW || !retrieved) return 'vocabulary-mismatch';
  return 'ranked-too-low';
}
