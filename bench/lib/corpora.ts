import path from 'node:path';
import { beirPaths, readQrels, readQueries } from '../../src/corpus/index.js';
import type { Query } from '../../src/corpus/types.js';

/** The shared public collections (BEIR layout), beside the repository; never copied into it. */
export const CORPORA_DIR = path.resolve(import.meta.dirname, '../../../shared/corpora');

/** Where bench scripts keep their indexes, caches and scratch files (git-ignored). */
export const OUT_DIR = path.resolve(import.meta.dirname, '../.out');

/** The embedding cache every bench script shares, so a model embeds each text once. */
export const EMBEDDING_CACHE = path.join(OUT_DIR, '.cache', 'embeddings.sqlite');

export interface Gold {
  dir: string;
  /** Queries with at least one relevant document (grade > 0), in file order, capped by `limit`. */
  queries: Query[];
  qrels: Map<string, Map<string, number>>;
}

/** A collection's test queries and qrels; `limit` keeps the first N answerable queries. */
export async function loadGold(name: string, limit?: number): Promise<Gold> {
  const dir = path.join(CORPORA_DIR, name);
  const paths = await beirPaths(dir);
  const qrels = await readQrels(paths.qrels);
  const answerable = (await readQueries(paths.queries)).filter((q) =>
    [...(qrels.get(q.id)?.values() ?? [])].some((g) => g > 0),
  );
  return { dir, queries: limit === undefined ? answerable : answerable.slice(0, limit), qrels };
}

/** A file-name-safe form of an embedder spec (`transformers:Xenova/x` -> `transformers_Xenova_x`). */
export const safeName = (spec: string) => spec.replace(/[^a-z0-9.-]/gi, '_');
