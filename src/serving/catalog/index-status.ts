import path from 'node:path';
import { InputError, TestbedError } from '../../errors.js';
import type { IndexMeta } from '../../store/index-meta.js';
import { isSqliteCorruption } from '../../store/sqlite-corruption.js';

/**
 * An index file of the data folder as a listing shows it: served, or present but unreadable
 * (corrupt, truncated, a copy still in progress, another program's database). One bad file is
 * listed as such and never hides the others.
 */
export type IndexStatus =
  | { name: string; status: 'ready'; meta: IndexMeta }
  | { name: string; status: 'unreadable'; error: string };

/**
 * Searching an index whose file cannot be read. A 409 rather than a 404: the name is taken by a
 * file that exists (listed, deletable, replaced by the next build), and the request can succeed
 * once that file is rebuilt or its copy completes, which is what 409 (a conflict with the current
 * state of the resource) says. Not a 5xx: the server itself is healthy, and a 503 would invite
 * clients to retry a request that cannot succeed until someone acts.
 */
export class UnreadableIndexError extends TestbedError {
  readonly code = 'index_unreadable';
  readonly status = 409;
  constructor(
    readonly index: string,
    /** Why, in a few words, without any path. */
    readonly reason: string,
  ) {
    super(`index "${index}" cannot be read (${reason}): rebuild it, or replace its file with a complete copy`);
    this.name = 'UnreadableIndexError';
  }
}

/** The reason an index file failed to open, short and without the server's paths. */
export function unreadableReason(err: unknown, file: string): string {
  const message = err instanceof InputError ? err.detail : err instanceof Error ? err.message : String(err);
  return message.split(file).join(path.basename(file));
}

/**
 * A search's error as the client should get it: SQLite finding a corrupt page (a file damaged
 * after the integrity check at open, or too big to check then) is the index's file being
 * unreadable, a 409 like one that fails to open, not a server fault. Anything else as it is.
 */
export function corruptionAsUnreadable(err: unknown, index: string): unknown {
  return isSqliteCorruption(err) ? new UnreadableIndexError(index, err.message) : err;
}
