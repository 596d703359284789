import { InputError } from '../errors.js';
import type { RemoteClient } from '../remote/remote-client.js';
import { shownEndpoint } from '../remote/remote-client.js';
import { RemoteError } from '../remote/remote-error.js';
import { engineUrl } from './engine-url.js';
import { redactUrl } from '../remote/redact-url.js';
import { pushSource, type PushChunk } from './push-chunk.js';
import type { FilterField } from '../store/filter-fields.js';
import type { LegSnippet, PushTarget } from './push-target.js';
import { payloadIndexes } from './qdrant-payload-indexes.js';
import { RefusedChunksError } from './refused-chunks-error.js';
import { vectorJson } from './vector-json.js';

/**
 * A Qdrant collection with one unnamed vector per point, compared by cosine: `PUT
 * /collections/<name>` to create it, `PUT /collections/<name>/index` for each filterable field, `PUT /collections/<name>/points?wait=true` to upsert each
 * batch (answered once the points are stored, so nothing needs refreshing after), `POST
 * /collections/<name>/points/count` to check what it holds. A point's id is the chunk's rowid in
 * our index (Qdrant ids are unsigned integers or UUIDs, not strings like `doc#0`); the chunk and
 * document ids travel in the payload.
 */
export class QdrantTarget implements PushTarget {
  readonly engine = 'qdrant';
  readonly needsVectors = true;
  readonly label: string;

  constructor(
    private readonly client: RemoteClient,
    private readonly url: string,
    private readonly name: string,
  ) {
    this.label = `Qdrant collection "${name}" at ${redactUrl(url)}`;
  }

  private get caller() {
    return { what: `push to qdrant collection "${this.name}"` };
  }

  private collection(...rest: string[]): string {
    return engineUrl(this.url, ['collections', this.name, ...rest]);
  }

  async exists(): Promise<boolean> {
    try {
      await this.client.request({ method: 'GET', url: this.collection(), caller: this.caller });
      return true;
    } catch (err) {
      if (err instanceof RemoteError && err.httpStatus === 404) return false;
      throw err;
    }
  }

  async remove(): Promise<void> {
    await this.client.request({ method: 'DELETE', url: this.collection(), caller: this.caller });
  }

  /**
   * The collection, then a payload index per filter field (qdrant-payload-indexes.ts), each
   * `PUT /collections/<name>/index?wait=true` with `{field_name, field_schema}` (Qdrant API,
   * "Create payload index"), before any point: a filtered qdrant leg then finds its fields indexed.
   */
  async create(dims: number | null, filterFields: () => FilterField[] = () => []): Promise<void> {
    if (dims === null)
      throw new InputError('Qdrant stores points by their vector: push an index built with an embedder');
    await this.client.request({
      method: 'PUT',
      url: this.collection(),
      json: { vectors: { size: dims, distance: 'Cosine' } },
      caller: this.caller,
    });
    const url = engineUrl(this.url, ['collections', this.name, 'index'], 'wait=true');
    for (const index of payloadIndexes(filterFields())) {
      const res = await this.client.request({ method: 'PUT', url, json: index, caller: this.caller });
      const status = (res.body as { result?: { status?: unknown } } | undefined)?.result?.status;
      if (status !== 'completed')
        throw new RemoteError(
          this.caller,
          shownEndpoint('PUT', url),
          `the payload index on ${index.field_name} answered status ${JSON.stringify(status)}, not "completed"`,
          res.status,
        );
    }
  }

  /**
   * One upsert per batch. Qdrant applies an upsert as one operation: its answer is one
   * UpdateResult `{operation_id, status}` for the whole request, with no per-point results (points
   * API reference, "Upsert points"), and an invalid point (a wrong vector size) fails the whole
   * request with a 4xx, so a batch is taken whole or not at all. With wait=true the status is
   * "completed" once the points are stored; "wait_timeout" means the operation is queued in the
   * write-ahead log but was not applied within the wait, and the same points (same ids, so an
   * overwrite) are upserted again after the client's backoff, up to its `retries`. A 429 or 5xx
   * for the request is retried by the client itself.
   */
  async send(batch: PushChunk[]): Promise<void> {
    const points = batch.map((c) => {
      if (!c.vector) throw new InputError(`chunk ${c.chunkId} has no vector, and a Qdrant point needs one`);
      return { id: c.rowid, vector: vectorJson(c.vector), payload: pushSource(c) };
    });
    const url = engineUrl(this.url, ['collections', this.name, 'points'], 'wait=true');
    for (let attempt = 0; ; attempt++) {
      const res = await this.client.request({ method: 'PUT', url, json: { points }, caller: this.caller });
      const status = (res.body as { result?: { status?: unknown } } | undefined)?.result?.status;
      if (status === 'completed') return;
      if (status === 'wait_timeout' && attempt < this.client.options.retries) {
        await this.client.sleep(this.client.backoff(attempt));
        continue;
      }
      throw new RefusedChunksError(
        this.caller,
        shownEndpoint('PUT', url),
        `the upsert of ${batch.length} points answered status ${JSON.stringify(status)}, not "completed"${attempt > 0 ? ` (after ${attempt + 1} attempts)` : ''}`,
        res.status,
        0,
      );
    }
  }

  async finish(): Promise<number> {
    const url = this.collection('points', 'count');
    const res = await this.client.request({ method: 'POST', url, json: { exact: true }, caller: this.caller });
    const count = (res.body as { result?: { count?: unknown } } | undefined)?.result?.count;
    if (typeof count !== 'number')
      throw new RemoteError(this.caller, shownEndpoint('POST', url), 'the answer has no result.count', res.status);
    return count;
  }

  legs(): LegSnippet[] {
    return [
      [
        ['type', 'qdrant'],
        ['name', 'qdrant'],
        ['url', redactUrl(this.url, Infinity)],
        ['collection', this.name],
      ],
    ];
  }
}
