/** Suffix of the file that holds a qrels file's additions, next to it. */
export const ADDITIONS_SUFFIX = '.additions.jsonl';

/**
 * Where the additions of `qrelsFile` live: `<qrels path>.additions.jsonl`. A separate file keeps
 * the original qrels byte-for-byte as published, so scores against it stay comparable, while the
 * grown gold set is one merge away.
 */
export function additionsFile(qrelsFile: string): string {
  return qrelsFile + ADDITIONS_SUFFIX;
}

/**
 * The lock file that adding and removing take around their write (see withLock). It exists only
 * for the milliseconds of one write, so it never stays in a working tree.
 */
export function additionsLockFile(qrelsFile: string): string {
  return additionsFile(qrelsFile) + '.lock';
}
