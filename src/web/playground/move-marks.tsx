import { columnName } from './column-name.js';
import { moveMark, moveText, type RankMove } from './rank-moves.js';
import type { Column } from './run-playground.js';

/**
 * ↑3, ↓2, = or new, said in words too: the title for a pointer, the label (of a role that takes
 * one) for a screen reader. Neither an arrow nor a colour alone carries it.
 */
export function MoveMark({ move, against, k }: { move: RankMove; against: string; k: number }) {
  const words = moveText(move, against, k);
  return (
    <span class={`move move-${move.kind}`} role="img" title={words} aria-label={words}>
      {moveMark(move)}
    </span>
  );
}

/**
 * What the marks mean, above the columns when any has them: against the first column, and for
 * each marked column whether its hits were matched by passage id or by document (column-moves.ts).
 */
export function MovesHint({ columns }: { columns: readonly Column[] }) {
  const first = columns[0];
  const by = new Map<'passage' | 'document', number[]>();
  columns.forEach((c, i) => {
    if (c.moves) by.set(c.moves.by, [...(by.get(c.moves.by) ?? []), i + 1]);
  });
  if (!first?.response || by.size === 0) return null;
  const which = (ns: number[]) => `column${ns.length > 1 ? 's' : ''} ${ns.join(', ')}`;
  const how = [...by]
    .map(([b, ns]) =>
      b === 'passage'
        ? `by passage id in ${which(ns)}`
        : `by document in ${which(ns)} (a passage from the first rank of its document)`,
    )
    .join('; ');
  return (
    <p class="hint moves-hint">
      Beside each rank after the first column: how far the hit moved against where it ranked in column 1 (
      {columnName(first)}): ↑n up, ↓n down, = the same rank, new: not in its top {first.response.k}. Compared {how}.
    </p>
  );
}
