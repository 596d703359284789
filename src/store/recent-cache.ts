/**
 * A map that keeps only its `capacity` most recently used entries. Filters come from users, so
 * an index serving many distinct ones must not keep every compiled id set (or prepared
 * statement) for its lifetime; the ones in use stay.
 */
export class RecentCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  /** The entry for `key`, made (and stored) by `make` when absent. */
  get(key: K, make: () => V): V {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Re-inserting moves the key to the end: Map iteration order is the recency order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const made = make();
    this.entries.set(key, made);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return made;
  }

  /** Forgets `key` (a value that turned out stale or failed). */
  delete(key: K): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
