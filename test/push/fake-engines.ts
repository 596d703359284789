import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake engine received it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * An in-test search engine answering the documented endpoints `testbed push` calls, far enough
 * to accept a push and keep what it received:
 *
 * - OpenSearch / Elasticsearch: `GET|DELETE|PUT /<index>`, `POST /_bulk` (NDJSON `index`
 *   actions; answered `{took, errors, items: [{index: {_index, _id, status, error?}}]}`),
 *   `POST /<index>/_refresh`, `GET /<index>/_count` (`{count}`). Elasticsearch also sends the
 *   `X-Elastic-Product: Elasticsearch` header its clients look for.
 * - Qdrant: `GET|DELETE|PUT /collections/<name>`, `PUT /collections/<name>/points?wait=true`
 *   (`{result: {operation_id, status: "completed"}, status: "ok"}`), `POST
 *   /collections/<name>/points/count` (`{result: {count}}`), `PUT /collections/<name>/index`
 *   (a payload index: `{field_name, field_schema}`, kept in `payloadIndexes`; a schema Qdrant
 *   does not list is a 400).
 *
 * Faults on demand: `refuse` makes bulk items with those ids fail as a mapping error would;
 * `reject` (id -> times) answers those items 429 `es_rejected_execution_exception`, as a cluster
 * whose write queue is full does, the next `times` they are sent, storing nothing; `fail(path,
 * status, times)` answers a path with that status the next `times` requests; `upsertStatuses`
 * are the statuses the next Qdrant upserts answer (any but "completed" stores nothing).
 */
export class FakeEngine {
  readonly requests: SeenRequest[] = [];
  /** index or collection name -> its create body and documents (id -> source or point). */
  readonly indexes = new Map<string, { created: unknown; docs: Map<string, unknown> }>();
  readonly refuse = new Set<string>();
  readonly reject = new Map<string, number>();
  readonly upsertStatuses: string[] = [];
  /** collection name -> the payload indexes created on it, field name -> schema. */
  readonly payloadIndexes = new Map<string, Map<string, string>>();
  /** Added to the count the engine reports, to play an engine that lost or gained documents. */
  countSkew = 0;
  private readonly faults = new Map<string, { status: number; left: number }>();
  private server!: http.Server;
  url = '';

  constructor(readonly flavor: 'opensearch' | 'elasticsearch' | 'qdrant') {}

  fail(path: string, status: number, times: number): void {
    this.faults.set(path, { status, left: times });
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (d: string) => (body += d));
      req.on('end', () => {
        const u = new URL(req.url!, 'http://x');
        const seen: SeenRequest = {
          method: req.method!,
          path: decodeURIComponent(u.pathname),
          query: u.search,
          headers: req.headers,
          body,
        };
        this.requests.push(seen);
        const headers: Record<string, string> = { 'Content-Type': 'application/json' };
        if (this.flavor === 'elasticsearch') headers['X-Elastic-Product'] = 'Elasticsearch';
        const send = (status: number, json: unknown) => res.writeHead(status, headers).end(JSON.stringify(json));
        const fault = this.faults.get(seen.path);
        if (fault && fault.left > 0) {
          fault.left--;
          return send(fault.status, { error: 'unavailable for a moment' });
        }
        try {
          const [status, json] = this.flavor === 'qdrant' ? this.qdrant(seen) : this.searchEngine(seen);
          send(status, json);
        } catch (err) {
          send(400, { error: { type: 'parse_exception', reason: (err as Error).message } });
        }
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }

  /** The requests to a path (and method), in order. */
  to(method: string, path: string): SeenRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  private searchEngine(r: SeenRequest): [number, unknown] {
    const parts = r.path.split('/').filter(Boolean);
    const missing = (name: string): [number, unknown] => [
      404,
      { error: { type: 'index_not_found_exception', reason: `no such index [${name}]` }, status: 404 },
    ];
    if (r.method === 'POST' && r.path === '/_bulk') return this.bulk(r);
    const [name, action] = parts as [string, string | undefined];
    const index = this.indexes.get(name);
    if (action === undefined) {
      if (r.method === 'GET') return index ? [200, { [name]: index.created }] : missing(name);
      if (r.method === 'DELETE')
        return index ? (this.indexes.delete(name), [200, { acknowledged: true }]) : missing(name);
      if (r.method === 'PUT') {
        if (index)
          return [
            400,
            {
              error: { type: 'resource_already_exists_exception', reason: `index [${name}] already exists` },
              status: 400,
            },
          ];
        this.indexes.set(name, { created: JSON.parse(r.body), docs: new Map() });
        return [200, { acknowledged: true, shards_acknowledged: true, index: name }];
      }
    }
    if (!index) return missing(name);
    if (r.method === 'POST' && action === '_refresh') return [200, { _shards: { total: 1, successful: 1, failed: 0 } }];
    if (r.method === 'GET' && action === '_count')
      return [200, { count: index.docs.size + this.countSkew, _shards: { total: 1, successful: 1, failed: 0 } }];
    return [404, { error: `no route ${r.method} ${r.path}` }];
  }

  private bulk(r: SeenRequest): [number, unknown] {
    if (!r.body.endsWith('\n')) throw new Error('The bulk request must be terminated by a newline [\\n]');
    const lines = r.body.slice(0, -1).split('\n');
    const items: unknown[] = [];
    for (let i = 0; i < lines.length; i += 2) {
      const action = JSON.parse(lines[i]!) as { index: { _index: string; _id: string } };
      const source = JSON.parse(lines[i + 1]!) as unknown;
      const { _index, _id } = action.index;
      const index = this.indexes.get(_index);
      const rejections = this.reject.get(_id) ?? 0;
      if (rejections > 0) {
        this.reject.set(_id, rejections - 1);
        items.push({
          index: {
            _index,
            _id,
            status: 429,
            error: {
              type: 'es_rejected_execution_exception',
              reason:
                'rejected execution of coordinating operation [coordinating_and_primary_bytes=104759862, max_coordinating_and_primary_bytes=107374182]',
            },
          },
        });
      } else if (this.refuse.has(_id)) {
        items.push({
          index: {
            _index,
            _id,
            status: 400,
            error: {
              type: 'mapper_parsing_exception',
              reason: 'failed to parse field [metadata.year] of type [long]',
              caused_by: { reason: 'For input string: "soon"' },
            },
          },
        });
      } else if (!index) {
        items.push({
          index: {
            _index,
            _id,
            status: 404,
            error: { type: 'index_not_found_exception', reason: `no such index [${_index}]` },
          },
        });
      } else {
        const created = !index.docs.has(_id);
        index.docs.set(_id, source);
        items.push({
          index: { _index, _id, _version: 1, result: created ? 'created' : 'updated', status: created ? 201 : 200 },
        });
      }
    }
    const errors = items.some((i) => (i as { index: { status: number } }).index.status >= 300);
    return [200, { took: 3, errors, items }];
  }

  private qdrant(r: SeenRequest): [number, unknown] {
    const parts = r.path.split('/').filter(Boolean);
    if (parts[0] !== 'collections' || !parts[1]) return [404, { status: { error: `no route ${r.path}` } }];
    const name = parts[1];
    const rest = parts.slice(2).join('/');
    const collection = this.indexes.get(name);
    const missing: [number, unknown] = [
      404,
      { status: { error: `Not found: Collection \`${name}\` doesn't exist!` }, time: 0 },
    ];
    if (rest === '') {
      if (r.method === 'GET')
        return collection
          ? [
              200,
              {
                result: { status: 'green', points_count: collection.docs.size, config: collection.created },
                status: 'ok',
                time: 0,
              },
            ]
          : missing;
      if (r.method === 'DELETE') return [200, { result: this.indexes.delete(name), status: 'ok', time: 0 }];
      if (r.method === 'PUT') {
        if (collection)
          return [409, { status: { error: `Wrong input: Collection \`${name}\` already exists!` }, time: 0 }];
        this.indexes.set(name, { created: JSON.parse(r.body), docs: new Map() });
        return [200, { result: true, status: 'ok', time: 0 }];
      }
    }
    if (!collection) return missing;
    if (r.method === 'PUT' && rest === 'points') {
      const { points } = JSON.parse(r.body) as { points: { id: number; vector: number[] }[] };
      const size = (collection.created as { vectors: { size: number } }).vectors.size;
      const wrong = points.find((p) => p.vector.length !== size);
      if (wrong)
        return [
          400,
          {
            status: { error: `Wrong input: Vector dimension error: expected dim: ${size}, got ${wrong.vector.length}` },
            time: 0,
          },
        ];
      const instead = this.upsertStatuses.shift();
      if (instead !== undefined && instead !== 'completed')
        return [200, { result: { operation_id: this.requests.length, status: instead }, status: 'ok', time: 0 }];
      for (const p of points) collection.docs.set(String(p.id), p);
      return [
        200,
        {
          result: {
            operation_id: this.requests.length,
            status: r.query.includes('wait=true') ? 'completed' : 'acknowledged',
          },
          status: 'ok',
          time: 0,
        },
      ];
    }
    if (r.method === 'PUT' && rest === 'index') {
      const { field_name, field_schema } = JSON.parse(r.body) as { field_name?: unknown; field_schema?: unknown };
      const schemas = ['keyword', 'integer', 'float', 'bool', 'geo', 'datetime', 'text', 'uuid'];
      if (typeof field_name !== 'string' || typeof field_schema !== 'string' || !schemas.includes(field_schema))
        return [400, { status: { error: `Wrong input: bad payload index ${r.body}` }, time: 0 }];
      if (!this.payloadIndexes.has(name)) this.payloadIndexes.set(name, new Map());
      this.payloadIndexes.get(name)!.set(field_name, field_schema);
      return [
        200,
        {
          result: {
            operation_id: this.requests.length,
            status: r.query.includes('wait=true') ? 'completed' : 'acknowledged',
          },
          status: 'ok',
          time: 0,
        },
      ];
    }
    if (r.method === 'POST' && rest === 'points/count')
      return [200, { result: { count: collection.docs.size + this.countSkew }, status: 'ok', time: 0 }];
    return [404, { status: { error: `no route ${r.method} ${r.path}` } }];
  }
}
