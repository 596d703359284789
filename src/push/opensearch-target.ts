import type { RemoteClient } from '../remote/remote-client.js';
import { redactUrl } from '../remote/redact-url.js';
import { BulkIndexApi } from './bulk-target.js';
import type { PushChunk } from './push-chunk.js';
import type { LegSnippet, PushTarget } from './push-target.js';
import { TEXT_FIELD_MAPPINGS } from './text-mappings.js';

/**
 * An OpenSearch index: `index.knn` on and `vector` a `knn_vector` with an HNSW method in the
 * cosinesimil space (OpenSearch's k-NN field, documented under "k-NN vector"). No `engine` is
 * named: each OpenSearch version then uses its own default library, and every one of them
 * (nmslib in 1.x and 2.x, faiss in recent versions, lucene) takes cosinesimil with HNSW.
 */
export function opensearchIndexBody(dims: number | null): unknown {
  const vector =
    dims === null
      ? {}
      : { vector: { type: 'knn_vector', dimension: dims, method: { name: 'hnsw', space_type: 'cosinesimil' } } };
  const settings = dims === null ? {} : { settings: { index: { knn: true } } };
  return { ...settings, mappings: { properties: { ...TEXT_FIELD_MAPPINGS, ...vector } } };
}

export class OpenSearchTarget implements PushTarget {
  readonly engine = 'opensearch';
  readonly needsVectors = false;
  readonly label: string;
  private readonly api: BulkIndexApi;

  constructor(
    client: RemoteClient,
    private readonly url: string,
    private readonly name: string,
  ) {
    this.api = new BulkIndexApi('opensearch', client, url, name);
    this.label = `OpenSearch index "${name}" at ${redactUrl(url)}`;
  }

  exists = () => this.api.exists();
  remove = () => this.api.remove();
  create = (dims: number | null) => this.api.create(opensearchIndexBody(dims));
  send = (batch: PushChunk[]) => this.api.send(batch);
  finish = () => this.api.refreshAndCount();

  legs(dims: number | null): LegSnippet[] {
    return searchEngineLegs('opensearch', this.url, this.name, dims);
  }
}

/**
 * The legs that read a pushed OpenSearch or Elasticsearch index: BM25 over title and text (the
 * leg's default query), and, with vectors, k-NN over `vector`. The document id is the pushed
 * `doc_id`, the chunk id the `_id` the push gave each chunk.
 */
export function searchEngineLegs(
  type: 'opensearch' | 'elasticsearch',
  url: string,
  name: string,
  dims: number | null,
): LegSnippet[] {
  const common: LegSnippet = [
    // Printed for pasting: whole, but never with the URL's user:password.
    ['url', redactUrl(url, Infinity)],
    ['index', name],
    ['id', '_source.doc_id'],
    ['chunk_id', '_id'],
  ];
  const short = type === 'opensearch' ? 'os' : 'es';
  const bm25: LegSnippet = [['type', type], ['name', `${short}-bm25`], ...common];
  if (dims === null) return [bm25];
  return [bm25, [['type', type], ['name', `${short}-knn`], ...common, ['query', 'knn'], ['vector_field', 'vector']]];
}
