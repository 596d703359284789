import { compareIdBytes } from '../ranking/id-order.js';

/**
 * Exact top-k selection of `scores` (higher first, ties by `ids` descending in byte order, the
 * shared tie-break of compareHits), in O(n log k) with a bounded heap whose root is the worst
 * kept entry.
 * Returns indices into `scores`, best first.
 */
export function topK(scores: ArrayLike<number>, ids: readonly string[], k: number): number[] {
  const n = scores.length;
  const size = Math.min(Math.max(0, Math.floor(k)), n);
  if (size === 0) return [];
  // true when a ranks worse than b
  const worse = (a: number, b: number) =>
    scores[a]! < scores[b]! || (scores[a] === scores[b] && compareIdBytes(ids[a]!, ids[b]!) < 0);
  const heap: number[] = [];
  const siftUp = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!worse(heap[i]!, heap[p]!)) break;
      [heap[i], heap[p]] = [heap[p]!, heap[i]!];
      i = p;
    }
  };
  const siftDown = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && worse(heap[l]!, heap[m]!)) m = l;
      if (r < heap.length && worse(heap[r]!, heap[m]!)) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (let i = 0; i < n; i++) {
    if (Number.isNaN(scores[i])) continue;
    if (heap.length < size) {
      heap.push(i);
      siftUp(heap.length - 1);
    } else if (worse(heap[0]!, i)) {
      heap[0] = i;
      siftDown(0);
    }
  }
  return heap.sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0));
}
