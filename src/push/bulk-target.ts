import type { RemoteClient } from '../remote/remote-client.js';
import { shownEndpoint } from '../remote/remote-client.js';
import { RemoteError } from '../remote/remote-error.js';
import { describeItems, readBulkAnswer } from './bulk-answer.js';
import { engineUrl } from './engine-url.js';
import { pushSource, type PushChunk } from './push-chunk.js';
import type { PushEngine } from './push-target.js';
import { RefusedChunksError } from './refused-chunks-error.js';
import { vectorJson } from './vector-json.js';

/**
 * The index API OpenSearch and Elasticsearch share: `GET /<name>` (404 when absent),
 * `DELETE /<name>`, `PUT /<name>` with settings and mappings, `POST /_bulk` NDJSON, `POST
 * /<name>/_refresh` and `GET /<name>/_count`. The two differ only in the vector mapping.
 */
export class BulkIndexApi {
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
   * The batch as `_bulk` requests: an `index` action per chunk, `_id` its chunk id, so pushing
   * again overwrites rather than duplicates. Items refused with 429 or 503 (a full write queue, a
   * shard not ready: bulk-answer.ts) are sent again, only those and with the same ids, after the
   * client's backoff (its backoffMs doubled each time, with jitter), up to its `retries`; any
   * other refused item fails the batch at once. The error says how many of the batch the engine
   * acknowledged, so the push can report an exact count.
   */
  async send(batch: PushChunk[]): Promise<void> {
    const url = engineUrl(this.baseUrl, ['_bulk']);
    let pending = batch;
    let acknowledged = 0;
    for (let attempt = 0; ; attempt++) {
      const res = await this.post(url, pending);
      const outcome = readBulkAnswer(res.body, pending);
      const fail = (problem: string) =>
        new RefusedChunksError(this.caller, shownEndpoint('POST', url), problem, res.status, acknowledged);
      if (typeof outcome === 'string') throw fail(outcome);
      acknowledged += outcome.acknowledged;
      if (outcome.refused.length > 0) {
        throw fail(
          `${outcome.refused.length} of ${pending.length} chunks were refused: ${describeItems(outcome.refused)}`,
        );
      }
      if (outcome.retry.length === 0) return;
      if (attempt >= this.client.options.retries) {
        throw fail(
          `${outcome.retry.length} of ${pending.length} chunks were still refused after ${attempt + 1} attempts: ${describeItems(outcome.retry)}`,
        );
      }
      await this.client.sleep(this.client.backoff(attempt));
      pending = outcome.retry.map((r) => r.chunk);
    }
  }

  /** One `_bulk` request; the API wants every line, the last one too, ended by a newline. */
  private post(url: string, chunks: PushChunk[]) {
    const lines: string[] = [];
    for (const c of chunks) {
      lines.push(JSON.stringify({ index: { _index: this.name, _id: c.chunkId } }));
      lines.push(JSON.stringify({ ...pushSource(c), ...(c.vector ? { vector: vectorJson(c.vector) } : {}) }));
    }
    return this.client.request({
      method: 'POST',
      url,
      raw: { body: lines.join('\n') + '\n', contentType: 'application/x-ndjson' },
      caller: this.caller,
    });
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
