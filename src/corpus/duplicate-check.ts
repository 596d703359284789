import { InputError } from '../errors.js';

/**
 * Returns a function that records each id with its line and throws on a repeat, naming the line
 * where the id was first seen: with two lines in hand the user can decide which one is wrong.
 */
export function createDuplicateCheck(file: string, field: string, noun: string): (id: string, line: number) => void {
  const firstSeen = new Map<string, number>();
  return (id, line) => {
    const first = firstSeen.get(id);
    if (first !== undefined) {
      throw new InputError(`duplicate ${noun} ${JSON.stringify(id)} (first seen at line ${first})`, {
        file,
        line,
        field,
      });
    }
    firstSeen.set(id, line);
  };
}
