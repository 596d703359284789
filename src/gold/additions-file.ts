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
