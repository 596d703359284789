import { maskPii } from './mask-pii.js';
import type { QueryRow, TrafficSummary } from './traffic-summary.js';

/**
 * The summary with its query texts masked (maskPii: e-mail addresses, phone and card numbers):
 * what GET /traffic and the home page show unless the operator starts the server with
 * --show-raw-queries. People paste personal data into search boxes, and the top and zero-hit
 * tables would show it to whoever may read the summary.
 */
export function maskedSummary(summary: TrafficSummary): TrafficSummary {
  const mask = (rows: readonly QueryRow[]) => rows.map((r) => ({ ...r, query: maskPii(r.query).text }));
  return { ...summary, topQueries: mask(summary.topQueries), zeroHitQueries: mask(summary.zeroHitQueries) };
}
