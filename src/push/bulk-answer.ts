import type { PushChunk } from './push-chunk.js';

/**
 * Item statuses worth sending again: 429 is the cluster's write queue full
 * (`es_rejected_execution_exception`, which Elasticsearch's "Rejected requests" guide says to
 * retry with exponential backoff), 503 a shard not available yet. Any other failed item (a
 * mapping error's 400, a missing index's 404) would fail again.
 */
export const RETRIED_ITEM_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** One item of a bulk answer: `{index: {_index, _id, status, error?}}` unwrapped. */
export interface BulkItem {
  _id?: string;
  status?: number;
  error?: { type?: string; reason?: string; caused_by?: { reason?: string } } | string;
}

/** What the engine did with each chunk of one bulk request. */
export interface BulkOutcome {
  /** Chunks the engine acknowledged (item status 2xx, no error). */
  acknowledged: number;
  /** Chunks refused with a status worth retrying (RETRIED_ITEM_STATUSES), to send again as they are. */
  retry: { chunk: PushChunk; item: BulkItem }[];
  /** Items refused for good, each with its chunk. */
  refused: { chunk: PushChunk; item: BulkItem }[];
}

/**
 * Reads a `_bulk` answer for the chunks sent, in order. The bulk API answers 200 even when items
 * fail: `errors: true` says one did, and `items` holds one result per action "in the order
 * submitted", each with its own `status` and, when it failed, an `error` (Elasticsearch and
 * OpenSearch bulk API reference, response body); one item's failure does not affect the others.
 * A string when the answer cannot be read that way: not a bulk answer, a different number of
 * items than sent, or an item whose `_id` is not the chunk sent in its place.
 */
export function readBulkAnswer(body: unknown, sent: readonly PushChunk[]): BulkOutcome | string {
  const b = body as { errors?: unknown; items?: unknown } | undefined;
  if (!b || !Array.isArray(b.items)) return 'the answer is not a bulk response (no "items")';
  if (b.items.length !== sent.length)
    return `the bulk answer has ${b.items.length} items for ${sent.length} chunks sent`;
  const outcome: BulkOutcome = { acknowledged: 0, retry: [], refused: [] };
  for (const [i, raw] of b.items.entries()) {
    // Each item is {<action>: {...}}; the action is "index" here, read whichever it is.
    const item = (Object.values((raw ?? {}) as Record<string, BulkItem>)[0] ?? {}) as BulkItem;
    const chunk = sent[i]!;
    if (item._id !== undefined && item._id !== chunk.chunkId)
      return `item ${i + 1} of the bulk answer is for _id ${JSON.stringify(item._id)}, not ${JSON.stringify(chunk.chunkId)} sent there`;
    const status = typeof item.status === 'number' ? item.status : undefined;
    const ok = item.error === undefined && status !== undefined && status < 300;
    if (ok) outcome.acknowledged++;
    else if (status !== undefined && RETRIED_ITEM_STATUSES.has(status)) outcome.retry.push({ chunk, item });
    else outcome.refused.push({ chunk, item });
  }
  if (b.errors === true && outcome.acknowledged === sent.length)
    return 'the bulk answer says errors: true but no item failed';
  return outcome;
}

/** How many refused items a message names (the rest are counted). */
const SHOWN_ITEMS = 3;

/** `id: status type: reason (cause)` for the first few items, then `; and N more`. */
export function describeItems(items: readonly { chunk: PushChunk; item: BulkItem }[]): string {
  const shown = items
    .slice(0, SHOWN_ITEMS)
    .map(({ chunk, item }) => `${chunk.chunkId}: ${item.status ?? '?'} ${reasonOf(item.error)}`);
  const more = items.length > SHOWN_ITEMS ? `; and ${items.length - SHOWN_ITEMS} more` : '';
  return shown.join('; ') + more;
}

function reasonOf(error: BulkItem['error']): string {
  if (error === undefined) return '(no error given)';
  if (typeof error === 'string') return error;
  const cause = error.caused_by?.reason ? ` (${error.caused_by.reason})` : '';
  return `${error.type ?? 'error'}: ${error.reason ?? ''}${cause}`.trim();
}
