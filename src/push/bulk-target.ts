import { RemoteError } from '../remote/remote-error.js';
import type { RemoteClient } from '../remote/remote-client.js';
import { shownEndpoint } from '../remote/remote-client.js';
import { engineUrl } from './engine-url.js';
import { pushSource, type PushChunk } from './push-chunk.js';
import type { PushEngine } from './push-target.js';
import { vectorJson } from './vector-json.js';

/** How many refused chunks a failed bulk names (the rest are counted). */
const SHOWN_FAILURES = 3;

/**
 * The index API OpenSearch and Elasticsearch share: `GET /<name>` (404 when absent),
 * `DELETE /<name>`, `PUT /<name>` with settings and mappings, `POST /_bulk` NDJSON, `POST
 * /<name>/_refresh` and `GET /<name>/_count`. The two differ only in the vector mapping.
 */
export class BulkIndexApi {
  private sentBefore = 0;

  constructor(
    readonly engine: PushEngine,
    private readonly client: RemoteClient,
    private readonly baseUrl: string,
    private readonly name: string,
  ) {}

  private get caller() {
    return { what: `push to ${this.engine} index "${this.name}"` };
  }

  async exists(): Promise<boolean> {
    try {
      await this.client.request({ method: 'GET', url: engineUrl(this.baseUrl, [this.name]), caller: this.caller });
      return true;
    } catch (err) {
      if (err instanceof RemoteError && err.httpStatus === 404) return false;
      throw err;
    }
  }

  async remove(): Promise<void> {
    await this.client.request({ method: 'DELETE', url: engineUrl(this.baseUrl, [this.name]), caller: this.caller });
  }

  async create(body: unknown): Promise<void> {
    await this.client.request({
      method: 'PUT',
      url: engineUrl(this.baseUrl, [this.name]),
      json: body,
      caller: this.caller,
    });
  }

  /**
   * One `_bulk` request: an `index` action per chunk, `_id` its chunk id, so pushing again
   * overwrites rather than duplicates. The bulk API answers 200 even when items fail, with
   * `errors: true` and a status per item; any failed item fails the push.
   */
  async send(batch: PushChunk[]): Promise<void> {
    const url = engineUrl(this.baseUrl, ['_bulk']);
    const lines: string[] = [];
    for (const c of batch) {
      lines.push(JSON.stringify({ index: { _index: this.name, _id: c.chunkId } }));
      lines.push(JSON.stringify({ ...pushSource(c), ...(c.vector ? { vector: vectorJson(c.vector) } : {}) }));
    }
    // The bulk API wants every line, the last one too, ended by a newline.
    const res = await this.client.request({
      method: 'POST',
      url,
      raw: { body: lines.join('\n') + '\n', contentType: 'application/x-ndjson' },
      caller: this.caller,
    });
    const failures = bulkFailures(res.body, batch.length);
    if (failures) {
      throw new RemoteError(
        this.caller,
        shownEndpoint('POST', url),
        `${failures} (${this.sentBefore} chunks sent before this batch stay in the index; fix the cause and push again with --replace)`,
        res.status,
      );
    }
    this.sentBefore += batch.length;
  }

  async refreshAndCount(): Promise<number> {
    await this.client.request({
      method: 'POST',
      url: engineUrl(this.baseUrl, [this.name, '_refresh']),
      caller: this.caller,
    });
    const url = engineUrl(this.baseUrl, [this.name, '_count']);
    const res = await this.client.request({ method: 'GET', url, caller: this.caller });
    const count = (res.body as { count?: unknown } | undefined)?.count;
    if (typeof count !== 'number')
      throw new RemoteError(this.caller, shownEndpoint('GET', url), 'the answer has no "count"', res.status);
    return count;
  }
}

interface BulkItem {
  _id?: string;
  status?: number;
  error?: { type?: string; reason?: string; caused_by?: { reason?: string } } | string;
}

/** What went wrong in a bulk answer, or undefined when every one of `sent` items was taken. */
export function bulkFailures(body: unknown, sent: number): string | undefined {
  const b = body as { errors?: unknown; items?: unknown } | undefined;
  if (!b || !Array.isArray(b.items)) return 'the answer is not a bulk response (no "items")';
  // Each item is {<action>: {...}}; the action is "index" here, read whichever it is.
  const items = b.items.map((i) => Object.values((i ?? {}) as Record<string, BulkItem>)[0] ?? {});
  const failed = items.filter((i) => i.error !== undefined || (typeof i.status === 'number' && i.status >= 300));
  if (failed.length === 0 && b.errors !== true) {
    return items.length === sent ? undefined : `the bulk answer has ${items.length} items for ${sent} chunks sent`;
  }
  if (failed.length === 0) return 'the bulk answer says errors: true but no item failed';
  const shown = failed
    .slice(0, SHOWN_FAILURES)
    .map((i) => `${i._id ?? '(no _id)'}: ${i.status ?? '?'} ${reasonOf(i.error)}`);
  const more = failed.length > SHOWN_FAILURES ? `; and ${failed.length - SHOWN_FAILURES} more` : '';
  return `${failed.length} of ${sent} chunks were refused: ${shown.join('; ')}${more}`;
}

function reasonOf(error: BulkItem['error']): string {
  if (error === undefined) return '(no error given)';
  if (typeof error === 'string') return error;
  const cause = error.caused_by?.reason ? ` (${error.caused_by.reason})` : '';
  return `${error.type ?? 'error'}: ${error.reason ?? ''}${cause}`.trim();
}
