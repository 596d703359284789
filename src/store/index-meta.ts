import type { TokenizerName, TokenizerRequest } from './tokenizers.js';

/**
 * Bumped when the schema changes in a way older readers cannot read. 2: chunks refer to their
 * document's text instead of holding a copy (schema.ts' CHUNK_ROWS_VIEW), which a reader of
 * version 1 would read as chunks without text.
 */
export const SCHEMA_VERSION = 2;

/** The versions this testbed reads: its own, and 1, whose chunks hold their own text. */
export const READABLE_SCHEMA_VERSIONS: readonly number[] = [1, SCHEMA_VERSION];

/** Everything needed to know how an index was built, stored in it as one JSON row. */
export interface IndexMeta {
  schemaVersion: number;
  corpus: { path: string; kind: string; contentHash: string };
  chunker: string;
  tokenizer: TokenizerName;
  /** What was asked for and why `tokenizer` was used (`auto` resolves from the corpus' languages). Absent in older indexes. */
  tokenizerChoice?: { requested: TokenizerRequest; reason: string };
  /** null when built lexical-only (`--embedder none`). */
  embedder: { id: string; dims: number; maxTokens: number } | null;
  /**
   * Set on an index written lexical-first (`testbed serve --ensure`): it has no vectors yet, and
   * a build with `embedder` (a spec) is to replace it with one that has (vectors-pending.ts).
   */
  vectorsPending?: { embedder: string };
  /** false when built without the FTS5 table (`--no-fts5`): the fts5 engine is refused. Absent: it has one. */
  fts5?: false;
  counts: {
    documents: number;
    chunks: number;
    vectors: number;
    truncatedChunks: number;
    maxChunksPerDoc: number;
    skippedEmpty: number;
  };
  /** Documents per language (given in metadata or detected; `und` when unknown), over languageSample's documents when set. */
  languages: Record<string, number>;
  /**
   * Set when the build detected only a sample of the documents' languages (the tokenizer's
   * analysis does not depend on them): `languages` counts the `sampled` documents (a language
   * given in their metadata, or looked for by `rule`) of `documents`, only their chunks have a
   * language, and so a `lang=` filter is refused on this index. Absent when every document's
   * language was looked for.
   */
  languageSample?: { sampled: number; documents: number; rule: string };
  /**
   * `embeddings`: how many chunk vectors came from the shared cache and how many the model made
   * (absent in older indexes); `shipped`, the header file of the quantised vectors shipped with
   * the corpus that every vector came from instead (shipped-vectors.ts).
   */
  build: {
    startedAt: string;
    seconds: number;
    embedSeconds: number;
    embeddings?: { fromCache: number; embedded: number; shipped?: string };
    testbedVersion: string;
    /** Analysis threads (absent in older indexes). */
    threads?: number;
    /** Documents read per second of the build's wall time, embedding excluded. */
    documentsPerSecond?: number;
    /**
     * Busy seconds per stage of the lexical build, summed over threads (buildStages.ts): language
     * detection, analysis, postings (collecting and merging), writes (SQLite inserts, FTS5), and
     * reading (parsing and chunking the corpus).
     */
    stages?: BuildStages;
  };
}

/** Busy seconds per stage of a build (IndexMeta.build.stages). */
export interface BuildStages {
  reading: number;
  detection: number;
  analysis: number;
  postings: number;
  writes: number;
}
