import type { LexicalIndex } from '../lexical-index.js';
import { plainQuery } from '../postings-bm25.js';
import type { ChunkFilter } from '../types.js';
import type { TermWeights } from './term-vector-ops.js';

/** One pseudo-relevant chunk: the first pass's score and its term frequencies. */
export interface FeedbackDoc {
  chunkId: string;
  score: number;
  vector: TermWeights;
}

/**
 * The first pass of pseudo-relevance feedback: the query's top `fbDocs` chunks by BM25 (under the
 * search's filter, so feedback comes from what may be returned), each with its term vector.
 * Chunks, not documents: a chunk is the unit BM25 scores here, as a document is in Anserini.
 */
export function feedbackDocs(
  index: LexicalIndex,
  queryTerms: readonly string[],
  fbDocs: number,
  filter: ChunkFilter | undefined,
): FeedbackDoc[] {
  if (queryTerms.length === 0 || fbDocs === 0) return [];
  const first = index.scoreTerms(plainQuery(queryTerms), { k: fbDocs, level: 'chunk', ...(filter && { filter }) });
  return first.hits.map((hit) => ({
    chunkId: hit.chunkId,
    score: hit.score,
    vector: index.termVector(hit.chunkId) ?? new Map(),
  }));
}

/** Terms longer than this or shorter than MIN_TERM_LENGTH are never feedback terms (Anserini's bounds). */
const MAX_TERM_LENGTH = 20;
const MIN_TERM_LENGTH = 2;
/**
 * A term in more than this share of the chunks is never a feedback term: Anserini's replacement
 * for a collection stop list (its PR 289: 10% for newswire and web collections).
 */
export const MAX_FEEDBACK_DF_RATIO = 0.1;

/**
 * Whether a feedback document's term may expand the query, by Anserini's RM3 and Rocchio rules:
 * 2 to 20 characters long, in at most 10% of the chunks, and with `lettersAndDigits` (RM3's
 * term filter), made of letters and digits only. Anserini's filter is `[a-z0-9]+` over English;
 * letters and digits of any script keep it the same on English terms and usable on the other
 * languages an index here may hold.
 */
export function isFeedbackTerm(
  index: LexicalIndex,
  term: string,
  { lettersAndDigits, maxDfRatio = MAX_FEEDBACK_DF_RATIO }: { lettersAndDigits: boolean; maxDfRatio?: number },
): boolean {
  if (term.length < MIN_TERM_LENGTH || term.length > MAX_TERM_LENGTH) return false;
  if (lettersAndDigits && !/^[\p{L}\p{N}]+$/u.test(term)) return false;
  const df = index.termStats(term)?.df ?? 0;
  return df / index.stats.chunks <= maxDfRatio;
}

/** The document's vector with only its feedback terms (isFeedbackTerm). */
export function feedbackTerms(
  index: LexicalIndex,
  vector: TermWeights,
  rule: { lettersAndDigits: boolean; maxDfRatio?: number },
): TermWeights {
  return new Map([...vector].filter(([term]) => isFeedbackTerm(index, term, rule)));
}
