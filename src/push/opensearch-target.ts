import { InputError } from '../errors.js';
import type { RemoteClient } from '../remote/remote-client.js';
import { redactUrl } from '../remote/redact-url.js';
import { BulkIndexApi } from './bulk-target.js';
import type { PushChunk } from './push-chunk.js';
import type { LegSnippet, PushTarget } from './push-target.js';
import { TEXT_FIELD_MAPPINGS } from './text-mappings.js';

/** The k-NN libraries push can build an OpenSearch vector field with (nmslib, deprecated, is left out). */
export const KNN_ENGINES = ['lucene', 'faiss'] as const;
export type KnnEngine = (typeof KNN_ENGINES)[number];

/**
 * lucene by default. Both engines filter inside a `knn` query ("efficient k-NN filtering": lucene
 * from OpenSearch 2.4, faiss HNSW from 2.9), which the knn legs send; nmslib, what an HNSW
 * method without `engine` got on OpenSearch 2.x before faiss became the default, refuses it. And
 * lucene takes `cosinesimil` (since 2.2), the similarity of our dense leg, Elasticsearch's
 * `cosine` and Qdrant's `Cosine`, where faiss HNSW takes it only from 2.19 (OpenSearch docs,
 * "Methods and engines": lucene hnsw spaces l2, cosinesimil, innerproduct from 2.13; faiss hnsw
 * l2, innerproduct, hamming, cosinesimil from 2.19). So lucene works on every 2.x from 2.4.
 */
export const DEFAULT_KNN_ENGINE: KnnEngine = 'lucene';

/**
 * The space each engine gets: lucene `cosinesimil`; faiss `innerproduct`, accepted by every
 * faiss release, which ranks as cosine because every embedder here stores unit vectors (and
 * OpenSearchTarget refuses a vector that is not one).
 */
export const KNN_SPACE: Record<KnnEngine, string> = { lucene: 'cosinesimil', faiss: 'innerproduct' };

/**
 * An OpenSearch index: `index.knn` on and `vector` a `knn_vector` of the index dims with an
 * explicit method `{name: hnsw, engine, space_type}` (the documented method definition of the
 * k-NN vector field), so the cluster's default engine, which differs between versions, never
 * decides whether filters work.
 */
export function opensearchIndexBody(dims: number | null, engine: KnnEngine = DEFAULT_KNN_ENGINE): unknown {
  const vector =
    dims === null
      ? {}
      : {
          vector: {
            type: 'knn_vector',
            dimension: dims,
            method: { name: 'hnsw', engine, space_type: KNN_SPACE[engine] },
          },
        };
  const settings = dims === null ? {} : { settings: { index: { knn: true } } };
  return { ...settings, mappings: { properties: { ...TEXT_FIELD_MAPPINGS, ...vector } } };
}

/** How far a vector's length may be from 1 for innerproduct to rank as cosine (float32 rounding of a unit vector is far below). */
const UNIT_TOLERANCE = 1e-3;

export class OpenSearchTarget implements PushTarget {
  readonly engine = 'opensearch';
  readonly needsVectors = false;
  readonly label: string;
  private readonly api: BulkIndexApi;

  constructor(
    client: RemoteClient,
    private readonly url: string,
    private readonly name: string,
    private readonly knnEngine: KnnEngine = DEFAULT_KNN_ENGINE,
  ) {
    this.api = new BulkIndexApi('opensearch', client, url, name);
    this.label = `OpenSearch index "${name}" at ${redactUrl(url)}`;
  }

  exists = () => this.api.exists();
  remove = () => this.api.remove();
  create = (dims: number | null) => this.api.create(opensearchIndexBody(dims, this.knnEngine));

  async send(batch: PushChunk[]): Promise<void> {
    if (KNN_SPACE[this.knnEngine] === 'innerproduct') {
      for (const c of batch) {
        const length = c.vector ? Math.hypot(...c.vector) : 1;
        if (Math.abs(length - 1) > UNIT_TOLERANCE)
          throw new InputError(
            `the vector of chunk ${c.chunkId} has length ${length.toPrecision(4)}, not 1: --knn-engine ${this.knnEngine} compares by inner product, which ranks as cosine only for unit vectors; push with --knn-engine lucene (cosinesimil)`,
          );
      }
    }
    return this.api.send(batch);
  }

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
