import { damageAsInputError } from '../store/sqlite-corruption.js';

/**
 * Runs `work`, which reads the index `file`, turning SQLite finding a damaged page in it (which
 * IndexReader.open cannot see without reading every page) into the one-line error every command
 * gives for an unreadable index, naming the file and what to do, instead of a SqliteError's
 * stack trace. Every command that opens an index as its INDEX argument runs its reading here.
 */
export function readingIndex<T>(file: string, work: () => Promise<T>): Promise<T> {
  return damageAsInputError(
    file,
    (message) => `not a readable testbed index: ${message}; rebuild it, or replace the file with a complete copy`,
    work,
  );
}
