import { createHash } from 'node:crypto';

/**
 * The form of a query's text used to count and merge it: Unicode NFKC (full-width letters and
 * ligatures read as their plain forms), lower case, runs of whitespace collapsed and trimmed.
 * "Reset  Password" and "reset password" are one query to a log, though typed differently.
 */
export function normalizeQuery(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * A stable query id for a normalised text (`log-` and the first 12 hex digits of its SHA-256), so
 * the same query gets the same id in every query set built from any log, on any machine.
 */
export function queryKey(normalized: string): string {
  return `log-${createHash('sha256').update(normalized, 'utf8').digest('hex').slice(0, 12)}`;
}
