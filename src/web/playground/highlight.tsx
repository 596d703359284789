import { createLexicalAnalyzer } from '../../analysis/english-analyzer.js';
import { isFunctionWord } from './function-words.js';

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const stemmed = createLexicalAnalyzer({ stem: true });
const plain = createLexicalAnalyzer({ stem: false });
// FTS5's unicode61 tokenizer folds diacritics (remove_diacritics 2): "café" matches "cafe".
const fold = (terms: string[]) => terms.map((t) => t.normalize('NFKD').replace(/\p{M}/gu, ''));

/** A word of a passage and where it starts. */
export interface WordAt {
  index: number;
  word: string;
}

/**
 * Which words of a passage count as the query's: those whose analysed form is one of the query
 * terms, so the marks show the words that could have scored. One matcher per query; `lang` is
 * the passage's language, which only the multilingual matcher (analysed-matcher.ts) uses.
 */
export interface TermMatcher {
  readonly terms: ReadonlySet<string>;
  /** The words of `text` that stand for a query term, in order. */
  find(text: string, lang?: string): Iterable<WordAt>;
}

/**
 * The matcher for English-analysed indexes (unicode61, porter, postings and wink). `stem` follows the lexical
 * engine (postings, wink and FTS5's porter tokenizer stem; FTS5's unicode61 does not). Stop words and
 * the other function words of function-words.ts are never marked: "the" or "can" in every line would
 * hide the words that matter.
 */
export function termMatcher(query: string, stem: boolean, analysedTerms: Iterable<string> = []): TermMatcher {
  const analyze = (text: string) => fold((stem ? stemmed : plain)(text));
  // analysedTerms: terms as the index analysed them already (an expansion leg's), marked as well.
  const terms = new Set([...analyze(query), ...fold([...analysedTerms])]);
  return {
    terms,
    *find(text) {
      for (const m of text.matchAll(WORD)) {
        if (isFunctionWord(m[0])) continue;
        const [term] = analyze(m[0]);
        if (term !== undefined && terms.has(term)) yield { index: m.index, word: m[0] };
      }
    },
  };
}

/** Matches nothing: for a page without a query. */
export const NO_TERMS: TermMatcher = { terms: new Set(), find: () => [] };

/** A piece of text: plain, or a word that matches a query term. */
export interface Segment {
  text: string;
  match: boolean;
}

/** Splits `text` into runs, marking every word the matcher recognises. */
export function segments(text: string, matcher: TermMatcher, lang?: string): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  if (matcher.terms.size > 0) {
    for (const { index, word } of matcher.find(text, lang)) {
      if (index > last) out.push({ text: text.slice(last, index), match: false });
      out.push({ text: word, match: true });
      last = index + word.length;
    }
  }
  if (last < text.length) out.push({ text: text.slice(last), match: false });
  return out;
}

/**
 * A window of about `max` characters of a long passage, starting shortly before its first
 * matching word, so a 2,000-word document hit shows why it matched instead of its preamble.
 */
export function excerpt(text: string, matcher: TermMatcher, max = 600, lang?: string): string {
  if (text.length <= max) return text;
  const parts = segments(text, matcher, lang);
  const first = parts.findIndex((s) => s.match);
  let start = 0;
  if (first > 0) {
    const offset = parts.slice(0, first).reduce((n, s) => n + s.text.length, 0);
    start = Math.max(0, offset - Math.floor(max / 4));
    const space = text.indexOf(' ', start);
    if (start > 0 && space >= 0 && space < offset) start = space + 1;
  }
  const end = Math.min(text.length, start + max);
  return (start > 0 ? '… ' : '') + text.slice(start, end) + (end < text.length ? ' …' : '');
}

/**
 * Text with its query terms in <mark>. Every piece goes through JSX as a string, so the
 * renderer escapes it: a passage containing `<script>` shows as text, never as markup.
 */
export function Highlight({ text, matcher, lang }: { text: string; matcher: TermMatcher; lang?: string | undefined }) {
  return <>{segments(text, matcher, lang).map((s) => (s.match ? <mark>{s.text}</mark> : s.text))}</>;
}
