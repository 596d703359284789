import { createRequire } from 'node:module';
import { rulesFor } from './language-table.js';
import { normalizeText } from './normalize-text.js';

// stopwords-iso ships one JSON object (ISO 639-1 code -> words). Loaded on first use only:
// indexes without stop words never pay for parsing its 200 kB.
const require = createRequire(import.meta.url);
let lists: Record<string, string[]> | undefined;

// Han and kana text is indexed as overlapping bigrams; a stop list of words and single
// characters does not line up with bigrams (dropping every bigram that contains 的 would also
// drop 目的 "purpose"), so entries in those scripts are left out and such text is never filtered.
const HAN_OR_KANA = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
// The analyser emits runs of letters, digits and marks; an entry that is not one such run
// ("aujourd'hui", Vietnamese "bao giờ") can never equal a term, so it is left out rather than
// split (which would make "giờ" alone a stop word).
const ONE_PIECE = /^[\p{L}\p{N}\p{M}]+$/u;
// Some lists (es, zh) hold the digits 0-9. In factoid questions a number is often the point
// ("in 1990", "3 goals"), so numbers are never stop words.
const NUMBER = /^\p{N}+$/u;

const sets = new Map<string, ReadonlySet<string>>();

/**
 * The stop words of a language (stopwords-iso), normalised exactly as the analyser normalises
 * text in that language (NFKC, lower case, accents folded unless the language keeps them), so
 * "für" in the list meets "fur" in folded German text (folding also merges some entries with
 * content words: French "passé" becomes "passe"). Undefined for an unknown language or one
 * without a list (Chinese and Japanese end up with none): with no language known, no list is
 * safer than a wrong one.
 */
export function stopWordsFor(lang: string | undefined): ReadonlySet<string> | undefined {
  if (!lang) return undefined;
  const code = lang.toLowerCase().slice(0, 2);
  let set = sets.get(code);
  if (!set) {
    lists ??= require('stopwords-iso') as Record<string, string[]>;
    const words = Object.hasOwn(lists, code) ? lists[code]! : [];
    const keep = rulesFor(code).keepDiacritics;
    set = new Set(
      words
        .map((w) => normalizeText(w, keep))
        .filter((w) => ONE_PIECE.test(w) && !NUMBER.test(w) && !HAN_OR_KANA.test(w)),
    );
    sets.set(code, set);
  }
  return set.size > 0 ? set : undefined;
}
