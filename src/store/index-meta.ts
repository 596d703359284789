import type { TokenizerName, TokenizerRequest } from './tokenizers.js';

/** Bumped when the schema changes in a way older readers cannot read. */
export const SCHEMA_VERSION = 1;

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
  counts: {
    documents: number;
    chunks: number;
    vectors: number;
    truncatedChunks: number;
    maxChunksPerDoc: number;
    skippedEmpty: number;
  };
  /** Documents per language (given in metadata or detected; `und` when unknown). */
  languages: Record<string, number>;
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
  };
}
