import { createHash } from 'node:crypto';
import { type MaskCounts, maskPii } from './mask-pii.js';

/**
 * The form a query is counted under: Unicode NFKC (fullwidth letters and ligatures fold to their
 * plain forms), lower case, every run of white space one space, trimmed. "Reset  Password" and
 * "reset password" are one query typed twice, and counting them apart would split its frequency.
 */
export function normalizeQuery(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

/**
 * The id a log query has in every file the traffic commands write: `log-` and the first 12 hex
 * characters of the SHA-256 of its normalised text. Derived from the text alone, so a query set
 * sampled today and click judgements derived tomorrow (from another run, another log) name the same
 * query the same way without sharing any state.
 */
export function queryKey(normalized: string): string {
  return 'log-' + createHash('sha256').update(normalized, 'utf8').digest('hex').slice(0, 12);
}

/** A logged query as the traffic commands see it. */
export interface KeyedQuery {
  /** The text as typed, masked unless personal data is kept: what a query set shows. */
  text: string;
  /** `text` normalised: what is counted. */
  normalized: string;
  key: string;
  masked: MaskCounts;
}

/**
 * Masks (unless `keepPii`), normalises and keys one logged query. Sampling and the click models
 * both go through here, so a sampled query and its click judgements get the same key; masking
 * changes the key ("call <phone>"), so both must be run with the same `keepPii`.
 */
export function keyQuery(userQuery: string, keepPii = false): KeyedQuery {
  const masked = keepPii ? { text: userQuery, counts: { email: 0, phone: 0, number: 0 } } : maskPii(userQuery);
  const normalized = normalizeQuery(masked.text);
  return { text: masked.text, normalized, key: queryKey(normalized), masked: masked.counts };
}
