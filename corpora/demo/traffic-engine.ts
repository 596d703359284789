/**
 * A stand-in search engine for the demo traffic log (make-traffic.ts): it ranks the corpus for a
 * query text the way a plausible engine would, without running one. Judged documents (the qrels
 * of the query the user meant) are pushed up by their grade, every document by the words it shares
 * with the text, and a seeded draw mixes the order, so grade-2 documents usually lead, not always.
 * Running a real retriever would tie the committed log to the index and be slower; this is a
 * few milliseconds and depends only on corpus.jsonl, the qrels and the seed.
 */
import { HITS, LEXICAL_WEIGHT, NOISE_WEIGHT, RELEVANCE_BOOST, TYPO_KEEPS_RELEVANT } from './traffic-model.js';

export interface EngineDoc {
  id: string;
  words: ReadonlySet<string>;
}

/** Kana and CJK ideographs, which are written without spaces: each character is a word here. */
const CJK_OR_WORD = /[\u3040-\u30ff\u3400-\u9fff]|[^\s\p{P}\p{S}\u3040-\u30ff\u3400-\u9fff]+/gu;

/** Lower-cased, NFKC-folded words (a CJK character alone): what a lexical index would match on. */
export function words(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(CJK_OR_WORD) ?? [];
}

/** Ranks the corpus for a query text; holds the idf of every word and the lists already shown. */
export class DemoEngine {
  private readonly idf = new Map<string, number>();
  private readonly shown = new Map<string, string[]>();

  constructor(private readonly docs: readonly EngineDoc[]) {
    const df = new Map<string, number>();
    for (const doc of docs) for (const w of doc.words) df.set(w, (df.get(w) ?? 0) + 1);
    for (const [w, n] of df) this.idf.set(w, Math.log(1 + docs.length / n));
  }

  /** True when some document contains one of the text's words: a lexical engine would find it. */
  matchesAnything(text: string): boolean {
    return words(text).some((w) => this.idf.has(w));
  }

  /**
   * The HITS documents shown for `text`, meant as a query judged by `grades` (document → grade).
   * The same words give the same list every time they are searched, as a real engine's would
   * until its index changes; a text sharing no word with the corpus gets an empty list.
   * `typo` drops most of the judged documents' advantage: a misspelt word finds worse pages.
   */
  search(rng: () => number, text: string, grades: ReadonlyMap<string, number>, typo: boolean): string[] {
    const terms = [...new Set(words(text))];
    const key = terms.join(' ');
    const known = this.shown.get(key);
    if (known) return known;
    if (!terms.some((t) => this.idf.has(t))) return this.remember(key, []);
    const total = terms.reduce((sum, t) => sum + (this.idf.get(t) ?? 0), 0);
    const scored = this.docs.map((doc) => {
      const overlap = terms.reduce((sum, t) => sum + (doc.words.has(t) ? this.idf.get(t)! : 0), 0) / total;
      const grade = grades.get(doc.id) ?? 0;
      const boosted = grade > 0 && (!typo || rng() < TYPO_KEEPS_RELEVANT);
      const score = LEXICAL_WEIGHT * overlap + (boosted ? RELEVANCE_BOOST[grade]! : 0) + NOISE_WEIGHT * rng();
      return { id: doc.id, score };
    });
    scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
    return this.remember(
      key,
      scored.slice(0, HITS).map((d) => d.id),
    );
  }

  private remember(key: string, hits: string[]): string[] {
    this.shown.set(key, hits);
    return hits;
  }
}
