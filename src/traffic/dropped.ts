import type { DroppedCount, RecordSource } from './types.js';

const EXAMPLES = 10;

/**
 * Tallies what a traffic command did not use, by reason, keeping the first ten of each as
 * `file:line` and a note, so a summary can say how many and show where, and nothing is dropped
 * silently.
 */
export class DroppedTally {
  private readonly byReason = new Map<string, DroppedCount>();

  /** Counts one record left out for `reason`. */
  add(reason: string, from: RecordSource, note?: string): void {
    let entry = this.byReason.get(reason);
    if (!entry) this.byReason.set(reason, (entry = { reason, count: 0, examples: [] }));
    entry.count++;
    if (entry.examples.length < EXAMPLES) entry.examples.push(`${from.file}:${from.line}${note ? ` ${note}` : ''}`);
  }

  /** Every reason seen, in the order first met. */
  list(): DroppedCount[] {
    return [...this.byReason.values()];
  }
}
