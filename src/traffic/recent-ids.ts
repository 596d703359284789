/**
 * A set of ids that keeps only the most recent `capacity`: the query ids a running server accepts
 * events for. When full, the id added longest ago is forgotten first (a Set iterates in insertion
 * order, so that is its first entry). Adding an id already held does not make it recent again:
 * ids are query ids, each written once.
 */
export class RecentIds {
  private readonly ids = new Set<string>();

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be a positive integer`);
  }

  add(id: string): void {
    if (this.ids.has(id)) return;
    this.ids.add(id);
    if (this.ids.size > this.capacity) this.ids.delete(this.ids.values().next().value as string);
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  get size(): number {
    return this.ids.size;
  }
}
