import Database from 'better-sqlite3';
import path from 'node:path';
import { writeJsonl } from '../helpers/lexical-fixtures.js';
import { buildTinyIndex } from '../helpers/tiny-index.js';

/**
 * Six documents chunked eight words at a time (so several have two or three chunks), with
 * metadata on all but one; `language` in metadata is what the index stores as a chunk's
 * language. Built with the hash embedder (64 dims) by buildTinyIndex, and once without vectors.
 */
export const PUSH_DOCS = [
  {
    _id: 'reset',
    title: 'Reset',
    text: 'To reset a password open settings then security then choose reset and confirm by mail',
    metadata: { language: 'en', year: 2021, tags: ['account'] },
  },
  {
    _id: 'quota',
    title: 'Quota',
    text: 'Each workspace holds fifty gigabytes',
    metadata: { language: 'en', year: 2022, source: { kind: 'faq' } },
  },
  {
    _id: 'fehler',
    title: 'Fehler E1042',
    text: 'Der Fehler E1042 bedeutet dass die Sitzung abgelaufen ist und Sie sich neu anmelden',
    metadata: { language: 'de', year: 2020 },
  },
  { _id: 'plain', title: 'No metadata', text: 'A document without any metadata at all, just words to chunk' },
  {
    _id: 'export',
    title: 'Export',
    text: 'Export a report as CSV from the reports page',
    metadata: { language: 'en', draft: true },
  },
  {
    _id: 'backup',
    title: 'Backups',
    text: 'Backups run nightly at two and are kept for thirty days before they are deleted for good',
    metadata: { language: 'en', year: 2023 },
  },
];

export async function buildPushIndexes(dir: string): Promise<{ withVectors: string; noVectors: string }> {
  const corpus = path.join(dir, 'push-corpus.jsonl');
  writeJsonl(corpus, PUSH_DOCS);
  const withVectors = (await buildTinyIndex(dir, { corpus, chunker: 'words:8', detectLanguage: false })).file;
  const noVectors = (await buildTinyIndex(dir, { corpus, chunker: 'words:8', detectLanguage: false, embedder: 'none' }))
    .file;
  return { withVectors, noVectors };
}

/** A chunk as the index file holds it, read straight from SQLite (not through IndexReader). */
export interface StoredChunk {
  rowid: number;
  id: string;
  docId: string;
  title: string;
  text: string;
  lang: string | null;
  metadata: Record<string, unknown>;
  vector: number[] | null;
}

export function readStoredChunks(file: string): StoredChunk[] {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT c.rowid, c.id, c.doc_id, c.title, c.text, c.lang, d.metadata, v.vector
         FROM chunk_rows c JOIN documents d ON d.id = c.doc_id LEFT JOIN vectors v ON v.chunk_rowid = c.rowid ORDER BY c.rowid`,
      )
      .all() as {
      rowid: number;
      id: string;
      doc_id: string;
      title: string;
      text: string;
      lang: string | null;
      metadata: string | null;
      vector: Buffer | null;
    }[];
    return rows.map((r) => ({
      rowid: r.rowid,
      id: r.id,
      docId: r.doc_id,
      title: r.title,
      text: r.text,
      lang: r.lang,
      metadata: r.metadata === null ? {} : (JSON.parse(r.metadata) as Record<string, unknown>),
      // Read each float32 at its byte offset: a BLOB's Buffer need not be 4-byte aligned.
      vector:
        r.vector === null
          ? null
          : Array.from({ length: r.vector.byteLength / 4 }, (_, i) => r.vector!.readFloatLE(i * 4)),
    }));
  } finally {
    db.close();
  }
}

/** What the engines are expected to store for a chunk besides the vector (the shared shape). */
export function expectedSource(c: StoredChunk): Record<string, unknown> {
  return {
    doc_id: c.docId,
    chunk_id: c.id,
    title: c.title,
    text: c.text,
    ...(c.lang !== null ? { lang: c.lang } : {}),
    metadata: c.metadata,
  };
}

/** Sent numbers read back as float32, as the engine stores them. */
export const asFloat32 = (v: number[]): number[] => v.map((x) => Math.fround(x));
