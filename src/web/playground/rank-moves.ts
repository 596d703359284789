/**
 * Where a hit stands against another list: `up`/`down` by `by` places from rank `from` there,
 * `same` rank, or `new` (not in that list at all, i.e. not in its top k).
 */
export type RankMove =
  | { kind: 'up' | 'down'; by: number; from: number }
  | { kind: 'same'; from: number }
  | { kind: 'new' };

/**
 * How each entry of `list` moved against `base`: both are keys in rank order (rank = position
 * + 1). An entry's rank in `base` is that of the key's first occurrence there, so when lists are
 * compared by document a document's passages are all measured from where the document first
 * appeared. With r = the rank in `list` and b = the rank in `base`: up by b - r when b > r, down
 * by r - b when b < r, same when b = r, new when the key is not in `base`.
 */
export function rankMoves(base: readonly string[], list: readonly string[]): RankMove[] {
  const baseRank = new Map<string, number>();
  base.forEach((key, i) => {
    if (!baseRank.has(key)) baseRank.set(key, i + 1);
  });
  return list.map((key, i): RankMove => {
    const from = baseRank.get(key);
    const rank = i + 1;
    if (from === undefined) return { kind: 'new' };
    if (from === rank) return { kind: 'same', from };
    return from > rank ? { kind: 'up', by: from - rank, from } : { kind: 'down', by: rank - from, from };
  });
}

/** The mark shown beside the rank: ↑3, ↓2, =, new. */
export function moveMark(move: RankMove): string {
  switch (move.kind) {
    case 'up':
      return `↑${move.by}`;
    case 'down':
      return `↓${move.by}`;
    case 'same':
      return '=';
    case 'new':
      return 'new';
  }
}

/**
 * The same in words, for the title and a screen reader: the arrow alone, or its colour, says
 * nothing to someone who cannot see it. `against` names the list compared with.
 */
export function moveText(move: RankMove, against: string, k: number): string {
  switch (move.kind) {
    case 'up':
      return `up ${move.by} from rank ${move.from} in ${against}`;
    case 'down':
      return `down ${move.by} from rank ${move.from} in ${against}`;
    case 'same':
      return `same rank as in ${against}`;
    case 'new':
      return `new: not in the top ${k} of ${against}`;
  }
}
