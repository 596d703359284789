import { lexicalEngine } from '../../legs/leg-traits.js';
import type { Pipeline } from '../../pipeline/resolve-pipeline.js';
import type { Expansions } from '../../ranking/hit.js';
import { DEFAULT_ENGINE } from '../../search/types.js';
import type { IndexMeta } from '../../store/index-meta.js';
import { analysedMatcher } from './analysed-matcher.js';
import { termMatcher, type TermMatcher } from './highlight.js';

/**
 * Which words of a column's hits to mark: the query as that column's index analyses it. A
 * multilingual index analyses per language (analysed-matcher.ts, `multilingual` set, so its
 * hits' languages are looked up); an English one stems as the lexical engine does. A column
 * without a lexical leg (dense) marks as its `engine` parameter would, so dense and BM25 over
 * one index mark the same words. Which engine a leg's terms follow is its row's to say
 * (leg-traits.ts lexicalEngine), never read off its type.
 */
export function columnMatcher(
  query: string,
  pipeline: Pick<Pipeline, 'legs' | 'qlang'>,
  meta: Pick<IndexMeta, 'tokenizer' | 'languages'>,
  engineParam: string | undefined,
  expansions: Expansions = {},
): { matcher: TermMatcher; multilingual: boolean } {
  // The terms an expansion leg added (rm3, rocchio, bo1) are marked too: they scored as the query's did.
  const added = Object.values(expansions).flatMap((terms) => terms.map((t) => t.term));
  const multilingual = analysedMatcher(
    query,
    { tokenizer: meta.tokenizer, languages: meta.languages ?? {} },
    pipeline.qlang,
    added,
  );
  if (multilingual) return { matcher: multilingual, multilingual: true };
  const engine = pipeline.legs.map(lexicalEngine).find((e) => e !== undefined) ?? (engineParam || DEFAULT_ENGINE);
  return {
    matcher: termMatcher(query, engine !== 'fts5' || meta.tokenizer === 'porter', added),
    multilingual: false,
  };
}
