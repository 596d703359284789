/**
 * Whether two reports were scored against the same judgements, and when not, how they differ and
 * what each report's runs score under the other's: a system change and a judgement change are
 * then two numbers, not one. Computed by experiments/judgement-change.ts, rendered by the diff.
 */
export type JudgementChange =
  | { kind: 'same'; pairs: number }
  | { kind: 'unknown'; why: string }
  | {
      kind: 'changed';
      /** Pairs judged in B and not in A, by B's source; removed by A's; regraded (both judged, grades differ) by B's. */
      added: Record<string, number>;
      removed: Record<string, number>;
      regraded: Record<string, number>;
      /** Per configuration in both: the means of B's runs under A's judgements, and of A's runs under B's. */
      rescored: { name: string; bWithA: Record<string, number>; aWithB: Record<string, number> }[];
    };

/** Sums a by-source count. */
export function total(counts: Record<string, number>): number {
  return Object.values(counts).reduce((s, n) => s + n, 0);
}

/** `433 (llm 433)`: a count and its split by source. */
export function bySource(counts: Record<string, number>): string {
  const parts = Object.entries(counts).map(([kind, n]) => `${kind} ${n}`);
  return `${total(counts)}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}
