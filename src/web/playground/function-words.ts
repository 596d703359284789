import { ENGLISH_STOP_WORDS } from '../../analysis/english-stop-words.js';
import { normalizeText } from '../../analysis/normalize-text.js';

/**
 * English words the playground never marks, though an index may keep and match them: Lucene's
 * 33 stop words, which English indexes drop, plus the modal verbs, auxiliaries, prepositions,
 * pronouns and question words that fill questions ("how can I reset it after an update?"). An
 * index that keeps "can" and "after" scores them, but marked in every line they hide the words
 * a reader is looking for. Marking only: scoring never sees this list, so BM25 stays comparable
 * to Anserini's (english-stop-words.ts says why that list is short).
 */
const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  ...ENGLISH_STOP_WORDS,
  ...['can', 'could', 'may', 'might', 'must', 'shall', 'should', 'would', 'will'],
  ...['am', 'been', 'being', 'did', 'do', 'does', 'done', 'had', 'has', 'have', 'having', 'were'],
  ...['about', 'above', 'after', 'against', 'along', 'among', 'around', 'before', 'behind', 'below', 'beside'],
  ...['between', 'during', 'from', 'off', 'out', 'over', 'since', 'than', 'through', 'under', 'until'],
  ...['up', 'upon', 'via', 'within', 'without'],
  ...['he', 'her', 'him', 'his', 'i', 'its', 'me', 'my', 'our', 'she', 'them', 'those', 'us', 'we'],
  ...['you', 'your'],
  ...['how', 'what', 'when', 'where', 'which', 'who', 'whom', 'whose', 'why'],
  ...['all', 'also', 'any', 'each', 'every', 'just', 'more', 'most', 'only', 'other', 'so', 'some'],
  ...['too', 'very'],
]);

/** True for a word the playground leaves unmarked (see FUNCTION_WORDS). */
export function isFunctionWord(word: string): boolean {
  return FUNCTION_WORDS.has(normalizeText(word));
}
