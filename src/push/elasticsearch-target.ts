import type { RemoteClient } from '../remote/remote-client.js';
import { redactUrl } from '../remote/redact-url.js';
import { BulkIndexApi } from './bulk-target.js';
import { searchEngineLegs } from './opensearch-target.js';
import type { PushChunk } from './push-chunk.js';
import type { LegSnippet, PushTarget } from './push-target.js';
import { TEXT_FIELD_MAPPINGS } from './text-mappings.js';

/** An Elasticsearch index: `vector` a `dense_vector` indexed for kNN search with cosine similarity. */
export function elasticsearchIndexBody(dims: number | null): unknown {
  const vector = dims === null ? {} : { vector: { type: 'dense_vector', dims, index: true, similarity: 'cosine' } };
  return { mappings: { properties: { ...TEXT_FIELD_MAPPINGS, ...vector } } };
}

export class ElasticsearchTarget implements PushTarget {
  readonly engine = 'elasticsearch';
  readonly needsVectors = false;
  readonly label: string;
  private readonly api: BulkIndexApi;

  constructor(
    client: RemoteClient,
    private readonly url: string,
    private readonly name: string,
  ) {
    this.api = new BulkIndexApi('elasticsearch', client, url, name);
    this.label = `Elasticsearch index "${name}" at ${redactUrl(url)}`;
  }

  exists = () => this.api.exists();
  remove = () => this.api.remove();
  create = (dims: number | null) => this.api.create(elasticsearchIndexBody(dims));
  send = (batch: PushChunk[]) => this.api.send(batch);
  finish = () => this.api.refreshAndCount();

  legs(dims: number | null): LegSnippet[] {
    return searchEngineLegs('elasticsearch', this.url, this.name, dims);
  }
}
