import { InputError } from '../errors.js';
import type { ExportRow } from '../store/index-reader.js';

/** One chunk as every engine receives it: the ids, the text, the document's metadata, the vector. */
export interface PushChunk {
  /** The chunk's integer rowid in our index: Qdrant's point id. */
  rowid: number;
  /** `docId#ordinal`: the OpenSearch/Elasticsearch `_id`. */
  chunkId: string;
  docId: string;
  title: string;
  text: string;
  lang?: string;
  metadata: Record<string, unknown>;
  vector?: Float32Array;
}

/** A stored row decoded: metadata parsed, the vector copied out of its BLOB (whose offset need not be divisible by 4). */
export function pushChunkOf(row: ExportRow, dims: number, file: string): PushChunk {
  const chunk: PushChunk = {
    rowid: row.rowid,
    chunkId: row.id,
    docId: row.docId,
    title: row.title,
    text: row.text,
    metadata: parseMetadata(row, file),
  };
  if (row.lang !== null) chunk.lang = row.lang;
  if (row.vector !== null) {
    if (row.vector.byteLength !== dims * 4)
      throw new InputError(`vector of chunk ${row.id} has ${row.vector.byteLength / 4} dims, expected ${dims}`, {
        file,
      });
    const vector = new Float32Array(dims);
    row.vector.copy(Buffer.from(vector.buffer));
    chunk.vector = vector;
  }
  return chunk;
}

/**
 * What every engine stores for a chunk besides its vector (the shared document shape of issue
 * 15: the legs that read a pushed index find `doc_id` and `chunk_id` here). `lang` only when the
 * index knows it, so a missing language is absent rather than a null the engine must map.
 */
export function pushSource(c: PushChunk): Record<string, unknown> {
  return {
    doc_id: c.docId,
    chunk_id: c.chunkId,
    title: c.title,
    text: c.text,
    ...(c.lang !== undefined ? { lang: c.lang } : {}),
    metadata: c.metadata,
  };
}

function parseMetadata(row: ExportRow, file: string): Record<string, unknown> {
  if (row.metadata === null) return {};
  try {
    return JSON.parse(row.metadata) as Record<string, unknown>;
  } catch {
    throw new InputError(`the metadata of document ${row.docId} is not JSON`, { file });
  }
}
