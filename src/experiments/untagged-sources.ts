import type { Query } from '../corpus/types.js';
import type { ExperimentReport } from '../reports/report-model.js';

/** How many untagged queries a report names; the count covers them all. */
const NAMED = 10;

/**
 * The answerable queries without a `source` tag in a set that holds synthetic ones: they are
 * neither real nor synthetic to the report, so its real-first figures leave them out. Published
 * queries merged with generated ones are the usual case; the fix is to tag them `source: real`.
 * Undefined when the set has no synthetic query or every query is tagged.
 */
export function untaggedSources(answerable: readonly Query[]): ExperimentReport['untaggedSources'] {
  if (!answerable.some((q) => q.metadata.source === 'synthetic')) return undefined;
  const untagged = answerable.filter((q) => q.metadata.source === undefined || q.metadata.source === null);
  if (untagged.length === 0) return undefined;
  return { count: untagged.length, first: untagged.slice(0, NAMED).map((q) => q.id) };
}
