/** The position of the first id of `ids` at or after `from` not yet shown (`ids.length` when none is left). */
export function nextUnseen(ids: readonly string[], from: number, shown: ReadonlySet<string>): number {
  let i = from;
  while (i < ids.length && shown.has(ids[i]!)) i++;
  return i;
}
