import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { EmbedBatch, EmbedRole, Embedder } from './types.js';

/**
 * Vectors keyed by (embedder id, role, sha256 of the text), in one SQLite file shared by all
 * indexes. Rebuilding with another chunker or tokenizer re-embeds only chunks whose text changed;
 * rebuilding the same index embeds nothing. WAL so concurrent builds can share it.
 */
export class EmbeddingCache {
  private readonly db: Database.Database;
  private readonly getStmt: Database.Statement;
  private readonly putStmt: Database.Statement;

  constructor(file: string) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`CREATE TABLE IF NOT EXISTS embeddings (
      embedder TEXT NOT NULL, key BLOB NOT NULL, vector BLOB NOT NULL, truncated INTEGER NOT NULL,
      PRIMARY KEY (embedder, key)) WITHOUT ROWID`);
    this.getStmt = this.db.prepare('SELECT vector, truncated FROM embeddings WHERE embedder = ? AND key = ?');
    this.putStmt = this.db.prepare(
      'INSERT OR REPLACE INTO embeddings (embedder, key, vector, truncated) VALUES (?, ?, ?, ?)',
    );
  }

  get(embedder: string, key: Buffer): { vector: Float32Array; truncated: boolean } | undefined {
    const row = this.getStmt.get(embedder, key) as { vector: Buffer; truncated: number } | undefined;
    if (!row) return undefined;
    const vector = new Float32Array(row.vector.byteLength / 4);
    row.vector.copy(Buffer.from(vector.buffer));
    return { vector, truncated: row.truncated === 1 };
  }

  putMany(embedder: string, rows: { key: Buffer; vector: Float32Array; truncated: boolean }[]): void {
    this.db.transaction(() => {
      for (const r of rows) {
        this.putStmt.run(
          embedder,
          r.key,
          Buffer.from(r.vector.buffer, r.vector.byteOffset, r.vector.byteLength),
          r.truncated ? 1 : 0,
        );
      }
    })();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

export function cacheKey(role: EmbedRole, text: string): Buffer {
  return createHash('sha256').update(role).update('\0').update(text).digest();
}

/** Wraps an embedder so that only texts not in the cache reach the model. */
export function withCache(embedder: Embedder, cache: EmbeddingCache): Embedder & { hits: number; misses: number } {
  const wrapped = {
    id: embedder.id,
    dims: embedder.dims,
    maxTokens: embedder.maxTokens,
    hits: 0,
    misses: 0,
    async embed(texts: string[], role: EmbedRole): Promise<EmbedBatch> {
      const keys = texts.map((t) => cacheKey(role, t));
      const found = keys.map((k) => cache.get(embedder.id, k));
      const missing = found.flatMap((f, i) => (f ? [] : [i]));
      wrapped.hits += texts.length - missing.length;
      wrapped.misses += missing.length;
      if (missing.length > 0) {
        const fresh = await embedder.embed(
          missing.map((i) => texts[i]!),
          role,
        );
        const rows = missing.map((i, j) => ({
          key: keys[i]!,
          vector: fresh.vectors[j]!,
          truncated: fresh.truncated[j]!,
        }));
        cache.putMany(embedder.id, rows);
        missing.forEach((i, j) => (found[i] = rows[j]));
      }
      return { vectors: found.map((f) => f!.vector), truncated: found.map((f) => f!.truncated) };
    },
    close: () => embedder.close?.() ?? Promise.resolve(),
  };
  return wrapped;
}
