import { InputError } from '../errors.js';
import type { RemoteClient } from '../remote/remote-client.js';
import { ElasticsearchTarget } from './elasticsearch-target.js';
import { type KnnEngine, OpenSearchTarget } from './opensearch-target.js';
import type { PushEngine, PushTarget } from './push-target.js';
import { QdrantTarget } from './qdrant-target.js';

/**
 * Index names as OpenSearch and Elasticsearch accept them (lower case; no \ / * ? " < > | , #
 * or space; not starting with - _ +; not . or ..), checked here so a bad name is one clear line
 * rather than the cluster's 400. Qdrant also takes upper case.
 */
const INDEX_NAME = /^[a-z0-9][a-z0-9._-]{0,254}$/;
const COLLECTION_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;

/** Settings only some engines take: `knnEngine` the OpenSearch k-NN library (opensearch-target.ts). */
export interface TargetOptions {
  knnEngine?: KnnEngine;
}

export function createTarget(
  engine: PushEngine,
  client: RemoteClient,
  url: string,
  name: string,
  options: TargetOptions = {},
): PushTarget {
  const pattern = engine === 'qdrant' ? COLLECTION_NAME : INDEX_NAME;
  if (!pattern.test(name)) {
    const what =
      engine === 'qdrant'
        ? 'a Qdrant collection name is'
        : `an ${engine === 'opensearch' ? 'OpenSearch' : 'Elasticsearch'} index name is`;
    throw new InputError(
      `--name "${name}": ${what} 1-255 ${engine === 'qdrant' ? 'letters' : 'lower-case letters'}, digits and . _ -, starting with a letter or digit`,
    );
  }
  if (options.knnEngine !== undefined && engine !== 'opensearch')
    throw new InputError(`--knn-engine is for --to opensearch (${engine} has its own vector index)`);
  if (engine === 'opensearch') return new OpenSearchTarget(client, url, name, options.knnEngine);
  if (engine === 'elasticsearch') return new ElasticsearchTarget(client, url, name);
  return new QdrantTarget(client, url, name);
}
