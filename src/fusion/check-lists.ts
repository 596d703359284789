import { InputError } from '../errors.js';
import type { RankedList } from './ranked-list.js';

/**
 * Refuses what fusion cannot rank honestly, naming the list and the item (1-based, its rank):
 * two lists of one name, an id listed twice in a list, a score that is NaN or ±Infinity, and a
 * list whose scores rise somewhere (its order is not its score order: rank and score methods
 * would disagree about it). Equal neighbouring scores are fine.
 */
export function checkLists(lists: readonly RankedList[]): void {
  if (lists.length === 0) throw new InputError('fusion needs at least one ranked list, got none');
  const names = new Set<string>();
  for (const { name, items } of lists) {
    if (names.has(name))
      throw new InputError(`fusion: two lists are named ${JSON.stringify(name)}; every list needs its own name`);
    names.add(name);
    const seen = new Map<string, number>();
    items.forEach(({ id, score }, i) => {
      const at = `fusion: list ${JSON.stringify(name)}, item ${i + 1} (id ${JSON.stringify(id)})`;
      if (!Number.isFinite(score)) throw new InputError(`${at}: score must be a finite number, got ${score}`);
      const first = seen.get(id);
      if (first !== undefined)
        throw new InputError(`${at}: the id is already item ${first}; ids must be unique within a list`);
      seen.set(id, i + 1);
      const before = items[i - 1];
      if (before && score > before.score) {
        throw new InputError(
          `${at}: score ${score} is above item ${i}'s ${before.score}; a list must be best first (scores not increasing)`,
        );
      }
    });
  }
}
