import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { commitBuild, temporaryPathFor } from '../../src/store/atomic-build.js';
import { SCHEMA_VERSION, type IndexMeta } from '../../src/store/index-meta.js';
import { IndexReader } from '../../src/store/index-reader.js';
import { IndexWriter } from '../../src/store/index-writer.js';
import { createSchema } from '../../src/store/schema.js';
import { VERSION } from '../../src/version.js';
import { clusterCentres, clusteredUnitVectors } from './clustered-vectors.js';
import { randomUnitVectors } from './random-vectors.js';
import { createTextGenerator } from './synthetic-text.js';

export interface SyntheticSpec {
  chunks: number;
  dims: number;
  seed: number;
  /**
   * Clustered vectors (clustered-vectors.ts: `clusters` centres, `spread` noise per component)
   * instead of uniformly random unit vectors: what an ANN index is measured on (bench/dense-scale.ts).
   */
  clustered?: { clusters: number; spread: number };
}

/**
 * An index of `chunks` synthetic one-chunk documents (Zipfian pseudo-words) with random unit
 * vectors, written through the IndexWriter directly: no corpus file and no model. The index
 * records the embedder `hash:<dims>`, so the Searcher embeds queries with the hash embedder
 * (instant) and the dense scan does the full work over real-sized vectors; dense and hybrid
 * quality on it is meaningless, latency is the point. Reused when a file with the same spec
 * exists (the spec is the corpus content hash).
 */
export function ensureSyntheticIndex(
  file: string,
  spec: SyntheticSpec,
  log: (m: string) => void = () => {},
): { meta: IndexMeta; seconds: number; reused: boolean } {
  const { clustered } = spec;
  const hash =
    `synthetic:${spec.chunks}:${spec.dims}:${spec.seed}` +
    (clustered ? `:clustered:${clustered.clusters}:${clustered.spread}` : '');
  const clusterSpec = clustered && { dims: spec.dims, seed: spec.seed, ...clustered };
  const centres = clusterSpec && clusterCentres(clusterSpec);
  if (fs.existsSync(file) && sameSchema(file)) {
    try {
      const reader = IndexReader.open(file);
      const meta = reader.meta;
      reader.close();
      if (meta.corpus.contentHash === hash) return { meta, seconds: 0, reused: true };
    } catch {
      // unreadable by this testbed: rebuilt below
    }
  }
  const started = performance.now();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = temporaryPathFor(file);
  fs.rmSync(tmp, { force: true });
  const writer = new IndexWriter(tmp, 'unicode61');
  const text = createTextGenerator({ seed: spec.seed, vocabularySeed: spec.seed });
  const BATCH = 1000;
  for (let start = 0; start < spec.chunks; start += BATCH) {
    const n = Math.min(BATCH, spec.chunks - start);
    const batch = Array.from({ length: n }, (_, i) => {
      const id = `s${String(start + i).padStart(7, '0')}`;
      const { title, text: body } = text.document();
      return {
        doc: { id, title, text: body },
        chunks: [{ id: `${id}#0`, docId: id, ordinal: 0, start: 0, end: body.length, title, text: body }],
      };
    });
    writer.addDocuments(batch);
    const vectors =
      clusterSpec && centres
        ? clusteredUnitVectors(clusterSpec, centres, start, n)
        : randomUnitVectors(n, spec.dims, spec.seed * 1_000_003 + start);
    // Chunk rowids are 1..chunks in insertion order.
    writer.addVectors(
      batch.map((_, i) => ({ rowid: start + i + 1, vector: vectors.subarray(i * spec.dims, (i + 1) * spec.dims) })),
    );
    if ((start / BATCH) % 20 === 0) log(`synthetic: ${start + n} of ${spec.chunks} chunks written`);
  }
  const counts = writer.counts();
  const seconds = (performance.now() - started) / 1000;
  const meta: IndexMeta = {
    schemaVersion: SCHEMA_VERSION,
    corpus: { path: 'synthetic', kind: 'synthetic', contentHash: hash },
    chunker: 'doc',
    tokenizer: 'unicode61',
    embedder: { id: `hash:${spec.dims}`, dims: spec.dims, maxTokens: Number.MAX_SAFE_INTEGER },
    counts: { ...counts, truncatedChunks: 0, skippedEmpty: 0 },
    languages: { und: counts.documents },
    build: { startedAt: new Date().toISOString(), seconds, embedSeconds: 0, testbedVersion: VERSION },
  };
  log('synthetic: building the FTS5 index');
  writer.finish(meta);
  commitBuild(tmp, file);
  return { meta, seconds: (performance.now() - started) / 1000, reused: false };
}

/**
 * Whether `file` has the tables this testbed's createSchema makes now, as it makes them (a schema
 * change forces a rebuild). A subset, not equality: the writer adds the BM25 postings tables when
 * it finishes, which createSchema does not make (equality never held, so every run rebuilt).
 */
function sameSchema(file: string): boolean {
  const tables = (db: Database.Database) =>
    db
      .prepare(`SELECT sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name != 'meta' ORDER BY name`)
      .pluck()
      .all() as string[];
  const fresh = new Database(':memory:');
  const existing = new Database(file, { readonly: true, fileMustExist: true });
  try {
    createSchema(fresh, 'unicode61');
    const has = new Set(tables(existing));
    return tables(fresh).every((sql) => has.has(sql));
  } catch {
    return false;
  } finally {
    fresh.close();
    existing.close();
  }
}

/** `n` synthetic queries, the same for every run with the same seed. */
export function syntheticQueries(n: number, seed: number): string[] {
  const gen = createTextGenerator({ seed: seed + 1, vocabularySeed: seed });
  return Array.from({ length: n }, () => gen.query());
}
