/**
 * The k-th best score among distinct keys (chunks, or documents scoring as their best chunk)
 * seen so far: the pruning threshold of a top-k search. A key's score may be offered again and
 * only rises; until k keys are held the threshold is -Infinity. A min-heap of the k best keys,
 * with each key's position so a kept key's rise is a sift.
 */
export class KthBest<K> {
  private readonly keys: K[] = [];
  private readonly scores: number[] = [];
  private readonly slot = new Map<K, number>();

  constructor(private readonly k: number) {}

  /** The score the k-th best key has at least; -Infinity while fewer than k keys are held. */
  get threshold(): number {
    return this.keys.length < this.k ? Number.NEGATIVE_INFINITY : this.scores[0]!;
  }

  offer(key: K, score: number): void {
    const at = this.slot.get(key);
    if (at !== undefined) {
      if (score > this.scores[at]!) {
        this.scores[at] = score;
        this.siftDown(at);
      }
      return;
    }
    if (this.keys.length < this.k) {
      this.keys.push(key);
      this.scores.push(score);
      this.slot.set(key, this.keys.length - 1);
      this.siftUp(this.keys.length - 1);
    } else if (this.k > 0 && score > this.scores[0]!) {
      this.slot.delete(this.keys[0]!);
      this.keys[0] = key;
      this.scores[0] = score;
      this.slot.set(key, 0);
      this.siftDown(0);
    }
  }

  private siftUp(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.scores[parent]! <= this.scores[i]!) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private siftDown(i: number): void {
    const n = this.keys.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let least = i;
      if (l < n && this.scores[l]! < this.scores[least]!) least = l;
      if (r < n && this.scores[r]! < this.scores[least]!) least = r;
      if (least === i) return;
      this.swap(i, least);
      i = least;
    }
  }

  private swap(a: number, b: number): void {
    [this.keys[a], this.keys[b]] = [this.keys[b]!, this.keys[a]!];
    [this.scores[a], this.scores[b]] = [this.scores[b]!, this.scores[a]!];
    this.slot.set(this.keys[a]!, a);
    this.slot.set(this.keys[b]!, b);
  }
}
