import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rerankHits, type RerankCandidate, type Reranker } from '../../src/pipeline/rerank.js';
import type { Hit } from '../../src/ranking/hit.js';

export interface RerankerCase {
  name: string;
  /** Makes the reranker under test, rescoring the first `depth` hits. */
  make: (depth: number) => Promise<Reranker>;
  /** Scores may differ by float noise when the candidates are batched differently (padding). */
  tolerance?: number;
  setUp?: () => Promise<void>;
  tearDown?: () => Promise<void>;
}

const QUERY = 'how do I reset the password of the team storage plan';
// Six passages of different lengths and words, so that no two of them score the same by chance.
const PASSAGES = [
  'Reset a forgotten password from the sign-in page.',
  'The team plan includes one terabyte of storage per member.',
  'Error E1042 means the session was revoked or has expired.',
  'Storage quotas are counted per workspace, not per user.',
  'To change the password of a team, ask its owner.',
  'Install the command line tool with the package manager.',
];
const HITS: Hit[] = PASSAGES.map((_, i) => ({
  id: `p${i + 1}`,
  docId: `p${i + 1}`,
  chunkId: `p${i + 1}#0`,
  score: 20 - i,
  rank: i + 1,
}));
const candidates = (hits: readonly Hit[]): RerankCandidate[] =>
  hits.map((hit) => ({ hit, text: PASSAGES[Number(hit.id.slice(1)) - 1]! }));

/**
 * What every reranker promises (pipeline/rerank.ts): one finite score per candidate, in the
 * candidates' order; a candidate's score is its own (neither its place in the list nor the other
 * candidates change it), and the same call gives the same scores; through the rerank stage, the
 * head is re-sorted by those scores (ties by id descending) and the tail keeps its first-stage
 * order below it.
 */
export function rerankerContract(c: RerankerCase): void {
  describe(`reranker contract: ${c.name}`, () => {
    const close = (a: readonly number[], b: readonly number[]) => {
      expect(a).toHaveLength(b.length);
      a.forEach((x, i) => (c.tolerance ? expect(x).toBeCloseTo(b[i]!, c.tolerance) : expect(x).toBe(b[i]!)));
    };
    // One that rescores every candidate the tests hand it, one that rescores the first four.
    let reranker: Reranker;
    let firstFour: Reranker;
    beforeAll(async () => {
      await c.setUp?.();
      reranker = await c.make(HITS.length);
      firstFour = await c.make(4);
    });
    afterAll(async () => c.tearDown?.());

    it('gives one finite score per candidate, in their order, and the same scores when asked again', async () => {
      const scores = await reranker.score(QUERY, candidates(HITS), 'q1');
      expect(scores).toHaveLength(HITS.length);
      expect(scores.every(Number.isFinite)).toBe(true);
      close(await reranker.score(QUERY, candidates(HITS), 'q1'), scores);
    });

    it('scores a candidate the same whatever its place and whatever the others', async () => {
      const scores = await reranker.score(QUERY, candidates(HITS), 'q1');
      const reversed = await reranker.score(QUERY, candidates([...HITS].reverse()), 'q1');
      close(reversed, [...scores].reverse());
      const alone = await Promise.all(HITS.map(async (h) => (await reranker.score(QUERY, candidates([h]), 'q1'))[0]!));
      close(alone, scores);
    });

    it('through the rerank stage: the head by score (ties by id descending), the tail in first-stage order', async () => {
      const scores = await firstFour.score(QUERY, candidates(HITS.slice(0, 4)), 'q1');
      // The expected head, sorted here from the scores: higher first, then id descending.
      const head = HITS.slice(0, 4)
        .map((h, i) => ({ id: h.id, s: scores[i]! }))
        .sort((a, b) => b.s - a.s || (a.id < b.id ? 1 : -1))
        .map((h) => h.id);
      const text = (hit: Hit) => PASSAGES[Number(hit.id.slice(1)) - 1]!;
      const out = await rerankHits(firstFour, QUERY, HITS, text, 'q1');
      expect(out.map((h) => h.id)).toEqual([...head, 'p5', 'p6']);
      expect(out.map((h) => h.rank)).toEqual([1, 2, 3, 4, 5, 6]);
      for (let i = 1; i < out.length; i++) expect(out[i]!.score).toBeLessThanOrEqual(out[i - 1]!.score);
      expect(firstFour.depth).toBe(4);
    });
  });
}
