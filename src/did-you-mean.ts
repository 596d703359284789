/**
 * The known name closest to a mistyped one, for "did you mean" hints on unknown commands,
 * flags, experiment keys and leg types (so it sits at the root, below every layer). Distance
 * is optimal string alignment (Levenshtein plus swapping two neighbours, so `serach` is one
 * edit from `search`, as a typist sees it).
 *
 * A name is close enough when at most max(1, floor(length / 3)) edits away, never more than 2,
 * and not a complete replacement (`--x` is one edit from `--k`, but that is no typo of it).
 * Ties go to the name listed first.
 */
export function closestName(typed: string, known: readonly string[]): string | undefined {
  const limit = Math.min(2, Math.max(1, Math.floor(typed.length / 3)));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const name of known) {
    const d = editDistance(typed, name);
    if (d <= limit && d < Math.max(typed.length, name.length) && d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  return best;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
export function editDistance(a: string, b: string): number {
  // rows[i][j] = distance between the first i characters of a and the first j of b
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}
