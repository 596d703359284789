import { ADDITIONS_SUFFIX } from './additions-file.js';

/**
 * Where the queries added to a BEIR folder live: `<queries.jsonl>.additions.jsonl`, beside it.
 * The published queries.jsonl is never rewritten, for the reason the qrels additions exist:
 * scores against the published query set stay comparable, and the grown set is one merge away.
 */
export function queryAdditionsFile(queriesFile: string): string {
  return queriesFile + ADDITIONS_SUFFIX;
}

/**
 * The lock taken around adding a query (see withLock). It is always taken before the qrels
 * additions lock, never after, so two writers can never each hold the lock the other waits for.
 */
export function queryAdditionsLockFile(queriesFile: string): string {
  return queryAdditionsFile(queriesFile) + '.lock';
}
