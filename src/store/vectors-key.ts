import type Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { indexFingerprint } from './index-fingerprint.js';
import type { IndexMeta } from './index-meta.js';

/**
 * A key for the vectors of one build of an index, for files derived from them (the dense leg's
 * ANN graph, ann-file.ts): a derived file named by another key is never read for this index.
 *
 * It hashes what decides the vectors and which build wrote them: the index's fingerprint (corpus
 * content, chunker, tokenizer, embedder, schema), the build's start time (every build, and every
 * rebuild of the same file, has its own), the row count and width, and the bytes of the first and
 * last vector rows. Hashing every vector instead would read the whole table (1.5 GB at 1M × 384)
 * each time an index is opened, which is the cost the ANN file exists to avoid; the build stamp
 * already changes whenever the testbed writes the file, and the sampled rows catch a table
 * rewritten under the same meta by hand. 16 hex digits of sha256.
 */
export function vectorsKey(db: Database.Database, meta: IndexMeta): string {
  const ends = db
    .prepare(
      `SELECT vector FROM (SELECT vector FROM vectors ORDER BY chunk_rowid LIMIT 1)
       UNION ALL SELECT vector FROM (SELECT vector FROM vectors ORDER BY chunk_rowid DESC LIMIT 1)`,
    )
    .pluck()
    .all() as Buffer[];
  const hash = createHash('sha256').update(
    JSON.stringify([indexFingerprint(meta).hash, meta.build.startedAt, meta.counts.vectors, meta.embedder?.dims ?? 0]),
  );
  for (const row of ends) hash.update(row);
  return hash.digest('hex').slice(0, 16);
}
