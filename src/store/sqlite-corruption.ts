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
