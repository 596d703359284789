import { InputError } from '../errors.js';
import type { RemoteClient } from '../remote/remote-client.js';
import { ElasticsearchTarget } from './elasticsearch-target.js';
import { type KnnEngine, OpenSearchTarget } from './opensearch-target.js';
import { PostgresTarget } from './postgres-target.js';
import type { PushEngine, PushTarget } from './push-target.js';
import { QdrantTarget } from './qdrant-target.js';

/**
 * Index names as OpenSearch and Elasticsearch accept them (lower case; no \ / * ? " < > | , #
 * or space; not starting with - _ +; not . or ..), checked here so a bad name is one clear line
 * rather than the cluster's 400. Qdrant also takes upper case.
 */
const INDEX_NAME = /^[a-z0-9][a-z0-9._-]{0,254}$/;
const COLLECTION_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;
/**
 * A PostgreSQL table name that needs no quoting to be typed in psql (lower case, so `SELECT *
 * FROM name` finds it), short enough that `<name>__push_tsv`, the staging table's index, fits
 * the 63 bytes of an identifier.
 */
const TABLE_NAME = /^[a-z_][a-z0-9_]{0,46}$/;

/** What a PostgreSQL target needs besides its URL and name. */
export interface PostgresTargetOptions {
  /** The text search configuration of the tsvector column. */
  config: string;
  timeoutMs: number;
}

/** Settings only some engines take: `knnEngine` the OpenSearch k-NN library (opensearch-target.ts), `postgres` what a PostgreSQL table needs. */
export interface TargetOptions {
  knnEngine?: KnnEngine;
  postgres?: PostgresTargetOptions;
}

export function createTarget(
  engine: PushEngine,
  client: RemoteClient,
  url: string,
  name: string,
  options: TargetOptions = {},
): PushTarget {
  if (engine === 'postgres') {
    if (!TABLE_NAME.test(name))
      throw new InputError(
        `--name "${name}": a PostgreSQL table name here is 1-47 lower-case letters, digits and _, not starting with a digit`,
      );
    const postgres = options.postgres;
    if (!postgres) throw new Error('createTarget: a postgres target needs its text search configuration and timeout');
    return new PostgresTarget(url, name, postgres.config, postgres.timeoutMs);
  }
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
