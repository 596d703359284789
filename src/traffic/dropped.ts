import type { DroppedCount, RecordSource } from './types.js';

/** How many examples a reason keeps: enough to find the pattern, few enough to print. */
export const MAX_EXAMPLES = 10;

/**
 * Counts records left out, by reason, keeping the first few examples of each, so a summary can
 * say what was dropped and where instead of losing it silently. Reasons keep the order they
 * were first seen.
 */
export class DroppedTally {
  private readonly byReason = new Map<string, DroppedCount>();

  constructor(earlier: readonly DroppedCount[] = []) {
    for (const d of earlier) this.byReason.set(d.reason, { ...d, examples: [...d.examples] });
  }

  /**
   * Counts one record under `reason`. The example (text, or where the record was read plus a
   * note, written `file:line note`) is kept while fewer than MAX_EXAMPLES are; leave it out to
   * count a record whose like is already shown (the same unmatched id again).
   */
  add(reason: string, example?: string | RecordSource, note?: string): void {
    let entry = this.byReason.get(reason);
    if (entry === undefined) this.byReason.set(reason, (entry = { reason, count: 0, examples: [] }));
    entry.count += 1;
    if (example === undefined || entry.examples.length >= MAX_EXAMPLES) return;
    entry.examples.push(
      typeof example === 'string' ? example : `${example.file}:${example.line}${note ? ` ${note}` : ''}`,
    );
  }

  list(): DroppedCount[] {
    return [...this.byReason.values()].map((d) => ({ ...d, examples: [...d.examples] }));
  }
}
