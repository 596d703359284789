import { createHash } from 'node:crypto';
import type { IndexMeta } from './index-meta.js';

/**
 * What decides an index's contents, and so every ranking measured on it: the corpus' content
 * hash, the chunker (resolved spec, `structure:64`), the tokenizer (resolved, never `auto`), the
 * embedder's id (null without vectors) and the schema version. Two indexes with equal
 * fingerprints rank alike; a report's link to a miss opens only an index whose fingerprint equals
 * the one its configuration measured, so the playground shows the rank the report recorded.
 * The corpus' path and the build's time and counts are left out: a copy of the corpus elsewhere,
 * or the same build done again, is the same index.
 */
export interface IndexFingerprint {
  /** sha256 of the five fields below as one JSON array, first 16 hex digits. */
  hash: string;
  contentHash: string;
  chunker: string;
  tokenizer: string;
  embedder: string | null;
  schemaVersion: number;
}

/** The fingerprint of an index, from its stored meta. */
export function indexFingerprint(
  meta: Pick<IndexMeta, 'corpus' | 'chunker' | 'tokenizer' | 'embedder' | 'schemaVersion'>,
): IndexFingerprint {
  const fields = {
    contentHash: meta.corpus.contentHash,
    chunker: meta.chunker,
    tokenizer: meta.tokenizer,
    embedder: meta.embedder?.id ?? null,
    schemaVersion: meta.schemaVersion,
  };
  const ordered = [fields.contentHash, fields.chunker, fields.tokenizer, fields.embedder, fields.schemaVersion];
  const hash = createHash('sha256').update(JSON.stringify(ordered)).digest('hex').slice(0, 16);
  return { hash, ...fields };
}
