import type { Pipeline } from '../../pipeline/resolve-pipeline.js';
import { DEFAULT_ENGINE } from '../../search/types.js';
import type { IndexMeta } from '../../store/index-meta.js';
import { analysedMatcher } from './analysed-matcher.js';
import { termMatcher, type TermMatcher } from './highlight.js';

/**
 * Which words of a column's hits to mark: the query as that column's index analyses it. A
 * multilingual index analyses per language (analysed-matcher.ts, `multilingual` set, so its
 * hits' languages are looked up); an English one stems as the lexical engine does. A column
 * without a lexical leg (dense) marks as its `engine` parameter would, so dense and BM25 over
 * one index mark the same words.
 */
export function columnMatcher(
  query: string,
  pipeline: Pick<Pipeline, 'legs' | 'qlang'>,
  meta: Pick<IndexMeta, 'tokenizer' | 'languages'>,
  engineParam: string | undefined,
): { matcher: TermMatcher; multilingual: boolean } {
  const multilingual = analysedMatcher(
    query,
    { tokenizer: meta.tokenizer, languages: meta.languages ?? {} },
    pipeline.qlang,
  );
  if (multilingual) return { matcher: multilingual, multilingual: true };
  const lexical = pipeline.legs.find((leg) => leg.type === 'lexical');
  const engine = lexical?.type === 'lexical' ? lexical.engine : engineParam || DEFAULT_ENGINE;
  return { matcher: termMatcher(query, engine !== 'fts5' || meta.tokenizer === 'porter'), multilingual: false };
}
