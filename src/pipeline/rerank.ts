import { compareHits } from '../ranking/rank.js';
import type { Hit } from '../ranking/hit.js';

/** One first-stage hit handed to a reranker, with the passage text it is scored on. */
export interface RerankCandidate {
  hit: Hit;
  text: string;
}

/**
 * The rerank stage's contract: given the query and the first `depth` hits with their text, a
 * reranker scores each (higher is better). The stage re-sorts those hits by that score (ties:
 * id descending, as everywhere) and leaves the hits below `depth` in their first-stage order
 * after them, so recall at the rerank depth is what the first stage found. Implementations:
 * cross-encoder-reranker.ts (transformers.js, here) and http-reranker.ts (a `/rerank` endpoint).
 */
export interface Reranker {
  readonly name: string;
  /** How many first-stage hits are rescored. */
  readonly depth: number;
  /** One finite score per candidate, same order; `queryId` only names the query in errors. */
  score(query: string, candidates: readonly RerankCandidate[], queryId?: string): Promise<number[]>;
}

/**
 * Reranks `hits` (first-stage order) and numbers them from 1. The rescored head carries the
 * reranker's scores. The tail keeps its first-stage order, and its scores are the first-stage
 * scores shifted to just below the head's lowest: every consumer re-sorts by score (trec_eval,
 * run files, runQuerySet's trecOrder), and a tail of BM25 scores of 12 under cross-encoder
 * logits of 3 would otherwise be sorted back above the reranked hits. The shift keeps the
 * tail's gaps and ties, so its order under the shared tie-break is the first stage's.
 */
export async function rerankHits(
  reranker: Reranker,
  query: string,
  hits: readonly Hit[],
  textOf: (hit: Hit) => string,
  queryId?: string,
): Promise<Hit[]> {
  const head = hits.slice(0, reranker.depth);
  if (head.length === 0) return [];
  const scores = await reranker.score(
    query,
    head.map((hit) => ({ hit, text: textOf(hit) })),
    queryId,
  );
  if (scores.length !== head.length || scores.some((s) => !Number.isFinite(s))) {
    throw new Error(`reranker ${reranker.name}: expected ${head.length} finite scores, got ${scores.length}`);
  }
  const rescored = head.map((hit, i) => ({ ...hit, score: scores[i]! })).sort(compareHits);
  const tail = hits.slice(reranker.depth);
  const floor = rescored[rescored.length - 1]!.score;
  const top = tail[0]?.score ?? 0;
  // One unit below the floor, or the floor's own magnitude when that is larger (1 is lost in 1e20).
  const gap = Math.max(1, Math.abs(floor));
  const shifted = tail.map((hit) => ({ ...hit, score: floor - gap - (top - hit.score) }));
  return [...rescored, ...shifted].map((hit, i) => ({ ...hit, rank: i + 1 }));
}
