import { InputError } from '../errors.js';

/** SQLite's result codes for a file whose pages do not hold what its header says (extended codes included). */
const CORRUPT_CODES = /^SQLITE_(CORRUPT|NOTADB)/;

/**
 * Whether `err` is SQLite finding a damaged file (a corrupt page met while reading, a file that
 * is not a database): the file's fault, not the program's, so callers report it as such (a 409
 * on the server, a one-line error naming the file on the command line) instead of a stack trace.
 */
export function isSqliteCorruption(err: unknown): err is Error & { code: string } {
  return err instanceof Error && 'code' in err && typeof err.code === 'string' && CORRUPT_CODES.test(err.code);
}

/**
 * Runs `work`, which reads the index `file`, turning SQLite finding a damaged page in it (which
 * opening the file cannot see without reading every page) into a one-line InputError naming the
 * file, worded by `say` from SQLite's message, instead of a SqliteError's stack trace.
 */
export async function damageAsInputError<T>(
  file: string,
  say: (sqliteMessage: string) => string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isSqliteCorruption(err)) throw new InputError(say(err.message), { file });
    throw err;
  }
}
