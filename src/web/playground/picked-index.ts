import { NotFoundError } from '../../errors.js';
import { checkIndexName } from '../../schemas/index-names.js';
import type { IndexRegistry } from '../../serving/catalog/index-registry.js';
import type { IndexMeta } from '../../store/index-meta.js';
import { isMeasuredIndexName, type MeasuredSources, resolveMeasuredIndex } from '../experiments/measured-index.js';

/**
 * The index the playground searches, by name: one of the data folder's, or the index a report
 * measured (`exp:<report>:<key>`, which a report's miss link opens when no served index has its
 * fingerprint), read-only from the server's experiment cache. NotFoundError when there is none;
 * UnreadableIndexError (a 409) for a data folder's file that cannot be read.
 */
export function pickedIndex(
  registry: IndexRegistry,
  measured: MeasuredSources | undefined,
  name: string,
): { file: string; meta: IndexMeta } {
  if (isMeasuredIndexName(name)) {
    if (!measured) throw new NotFoundError(`no index named "${name}"`);
    return resolveMeasuredIndex(measured, name);
  }
  if (!registry.names().includes(name)) throw new NotFoundError(`no index named "${name}"`);
  return registry.searchable(name);
}

/** An index name the playground takes: a data folder's (checkIndexName) or a measured index's. */
export function playgroundIndexName(name: string): string {
  return isMeasuredIndexName(name) ? name : checkIndexName(name);
}
