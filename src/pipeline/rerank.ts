import { compareHits } from '../ranking/rank.js';
import type { Hit } from '../ranking/hit.js';

/**
 * The rerank stage's contract: given the query and the first `depth` hits with their text, a
 * reranker scores each (higher is better). The stage re-sorts those hits by that score (ties:
 * id descending, as everywhere) and leaves the hits below `depth` in their first-stage order
 * after them, so recall below the rerank depth is what the first stage found. No stage types
 * are wired into the pipeline spec yet; cross-encoder and HTTP rerankers implement this.
 */
export interface Reranker {
  readonly name: string;
  /** How many first-stage hits are rescored. */
  readonly depth: number;
  score(query: string, candidates: readonly { hit: Hit; text: string }[]): Promise<number[]>;
}

export async function rerankHits(reranker: Reranker, query: string, hits: readonly Hit[], textOf: (hit: Hit) => string): Promise<Hit[]> {
  const head = hits.slice(0, reranker.depth);
  const scores = await reranker.score(query, head.map((hit) => ({ hit, text: textOf(hit) })));
  if (scores.length !== head.length || scores.some((s) => !Number.isFinite(s))) {
    throw new Error(`reranker ${reranker.name}: expected ${head.length} finite scores, got ${scores.length}`);
  }
  const rescored = head.map((hit, i) => ({ ...hit, score: scores[i]! })).sort(compareHits);
  return [...rescored, ...hits.slice(reranker.depth)].map((hit, i) => ({ ...hit, rank: i + 1 }));
}
