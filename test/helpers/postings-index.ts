import path from 'node:path';
import type { Chunk } from '../../src/chunking/types.js';
import { SCHEMA_VERSION, type IndexMeta } from '../../src/store/index-meta.js';
import { IndexReader } from '../../src/store/index-reader.js';
import { IndexWriter, type IndexWriterOptions } from '../../src/store/index-writer.js';
import type { TokenizerName } from '../../src/store/tokenizers.js';
import { VERSION } from '../../src/version.js';

/** A document and its hand-made chunks, in a language (or none). */
export interface FixtureDoc {
  id: string;
  chunks: { title: string; text: string }[];
  lang?: string;
}

/**
 * Writes `docs` through the IndexWriter (no corpus file, no chunker, no embedder) and opens it:
 * the chunks are exactly those given, so tests control ties, repeats and chunks per document.
 */
export function writeFixtureIndex(
  dir: string,
  name: string,
  docs: readonly FixtureDoc[],
  options: IndexWriterOptions & { tokenizer?: TokenizerName } = {},
): IndexReader {
  const file = path.join(dir, `${name}.sqlite`);
  const tokenizer = options.tokenizer ?? 'unicode61';
  const writer = new IndexWriter(file, tokenizer, options);
  const languages: Record<string, number> = {};
  const BATCH = 200;
  for (let start = 0; start < docs.length; start += BATCH) {
    writer.addDocuments(
      docs.slice(start, start + BATCH).map((d) => {
        languages[d.lang ?? 'und'] = (languages[d.lang ?? 'und'] ?? 0) + 1;
        const text = d.chunks.map((c) => c.text).join(' ');
        const chunks: Chunk[] = d.chunks.map((c, i) => ({
          id: `${d.id}#${i}`,
          docId: d.id,
          ordinal: i,
          start: 0,
          end: c.text.length,
          title: c.title,
          text: c.text,
        }));
        return { doc: { id: d.id, title: d.chunks[0]?.title ?? '', text }, chunks, lang: d.lang };
      }),
    );
  }
  const counts = writer.counts();
  const meta: IndexMeta = {
    schemaVersion: SCHEMA_VERSION,
    corpus: { path: 'fixture', kind: 'fixture', contentHash: name },
    chunker: 'fixture',
    tokenizer,
    embedder: null,
    counts: { ...counts, truncatedChunks: 0, skippedEmpty: 0 },
    languages,
    build: { startedAt: new Date().toISOString(), seconds: 0, embedSeconds: 0, testbedVersion: VERSION },
  };
  writer.finish(meta);
  return IndexReader.open(file);
}
