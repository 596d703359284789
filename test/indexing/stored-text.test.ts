import Database from 'better-sqlite3';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/indexing/build-index.js';
import { SAMPLE_EVERY, SAMPLE_FIRST } from '../../src/indexing/document-language.js';
import { IndexReader } from '../../src/store/index-reader.js';
import { writeJsonl } from '../helpers/lexical-fixtures.js';
import { tmpDir } from '../helpers/tmp.js';

const dir = tmpDir('stored-text-');

// "🙂" is two UTF-16 units and one SQLite character: that document's chunks keep their own text.
const docs = [
  { _id: 'plain', title: 'Plain', text: '  Alpha beta gamma delta epsilon zeta eta theta iota kappa.  ' },
  { _id: 'emoji', title: 'Emoji', text: 'Smile 🙂 then alpha beta gamma delta epsilon zeta eta theta.' },
];

async function build(name: string, chunker: string, tokenizer: string) {
  const corpus = path.join(dir, `${name}.jsonl`);
  writeJsonl(corpus, docs);
  const out = path.join(dir, `${name}.sqlite`);
  await buildIndex({ corpus, out, chunker, tokenizer, embedder: 'none', threads: 1, detectLanguage: false });
  return out;
}

describe('chunk text stored once', () => {
  it('stores a chunk that is its document span by reference, and reads it back as the chunker made it', async () => {
    const out = await build('words', 'words:4:1', 'english');
    const db = new Database(out, { readonly: true });
    const stored = db.prepare('SELECT doc_id, title IS NULL, text IS NULL FROM chunks ORDER BY rowid').raw().all() as [
      string,
      number,
      number,
    ][];
    db.close();
    // Every chunk's title is its document's; only the emoji document's chunks hold their text.
    expect(stored.every(([, title]) => title === 1)).toBe(true);
    expect(stored.filter(([doc]) => doc === 'plain').every(([, , text]) => text === 1)).toBe(true);
    expect(stored.filter(([doc]) => doc === 'emoji').every(([, , text]) => text === 0)).toBe(true);
    const reader = IndexReader.open(out);
    for (const doc of docs) {
      const chunks = reader.chunksOf(doc._id);
      expect(chunks.length).toBeGreaterThan(1);
      for (const c of chunks) {
        expect(c.text).toBe(doc.text.slice(c.start, c.end));
        expect(c.title).toBe(doc.title);
        expect(reader.chunk(c.id)).toEqual(c);
      }
    }
    expect([...reader.chunks()].map((c) => c.text).join(' ')).toContain('Smile 🙂 then');
    reader.close();
  });

  it("lets FTS5's external content read the text through the view (unicode61 rebuilds from it)", async () => {
    const out = await build('fts', 'doc', 'unicode61');
    const reader = IndexReader.open(out);
    // theta ends both documents: the emoji one's offsets would cut it short if read by units.
    expect(
      reader
        .bm25(['theta'], 'chunk', 10)
        .map((h) => h.chunkId)
        .sort(),
    ).toEqual(['emoji#0', 'plain#0']);
    expect(reader.bm25(['smile'], 'chunk', 10).map((h) => h.chunkId)).toEqual(['emoji#0']);
    reader.close();
  });

  it("finds a document's chunks by their ids, not another's whose id extends it", async () => {
    const corpus = path.join(dir, 'prefix.jsonl');
    writeJsonl(corpus, [
      { _id: 'a', title: '', text: 'one two three four five six' },
      { _id: 'a#b', title: '', text: 'seven eight nine ten' },
    ]);
    const out = path.join(dir, 'prefix.sqlite');
    await buildIndex({ corpus, out, chunker: 'words:3:0', embedder: 'none', threads: 1, detectLanguage: false });
    const reader = IndexReader.open(out);
    // words:3:0 cuts "a" into 2 chunks, "a#b" into 2 (3 words and 1), their ids a#0, a#1 and a#b#0, a#b#1.
    expect(reader.chunksOf('a').map((c) => c.id)).toEqual(['a#0', 'a#1']);
    expect(reader.chunksOf('a#b').map((c) => c.text)).toEqual(['seven eight nine', 'ten']);
    expect(reader.meta.counts.maxChunksPerDoc).toBe(2);
    reader.close();
  });

  it('reads a file of schema version 1, whose chunks hold their text, and refuses an unknown version', () => {
    const file = path.join(dir, 'v1.sqlite');
    const db = new Database(file);
    // Version 1's tables as it wrote them.
    db.exec(`
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE documents (id TEXT PRIMARY KEY, title TEXT NOT NULL, text TEXT NOT NULL, metadata TEXT);
      CREATE TABLE chunks (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, doc_id TEXT NOT NULL, ordinal INTEGER NOT NULL,
        start INTEGER NOT NULL, end INTEGER NOT NULL, title TEXT NOT NULL, text TEXT NOT NULL, lang TEXT);
      INSERT INTO documents VALUES ('d', 'T', 'one two three', NULL);
      INSERT INTO chunks VALUES (1, 'd#0', 'd', 0, 4, 13, 'T', 'two three', NULL);
    `);
    const meta = (version: number) => JSON.stringify({ schemaVersion: version, counts: {}, languages: {} });
    db.prepare(`INSERT INTO meta VALUES ('index', ?)`).run(meta(1));
    db.close();
    const reader = IndexReader.open(file);
    expect(reader.chunk('d#0')).toMatchObject({ docId: 'd', title: 'T', text: 'two three' });
    expect(reader.chunksOf('d').map((c) => c.text)).toEqual(['two three']);
    reader.close();
    const db2 = new Database(file);
    db2.prepare(`UPDATE meta SET value = ? WHERE key = 'index'`).run(meta(99));
    db2.close();
    expect(() => IndexReader.open(file)).toThrow(/schema version 99, this testbed reads 1 and 2: rebuild it/);
  });
});

describe('language detection only where needed', () => {
  const n = SAMPLE_FIRST + 250;
  const corpus = path.join(dir, 'many.jsonl');
  writeJsonl(
    corpus,
    Array.from({ length: n }, (_, i) => ({
      _id: `e${i}`,
      title: '',
      text: `How do I reset my password, question ${i}?`,
    })),
  );

  it('detects a sample with a tokenizer that ignores language, says so, and refuses lang= filters', async () => {
    const out = path.join(dir, 'sampled.sqlite');
    const meta = await buildIndex({ corpus, out, chunker: 'doc', tokenizer: 'english', embedder: 'none', threads: 1 });
    // The first SAMPLE_FIRST documents, then every SAMPLE_EVERY-th index past them: 1000, 1100, 1200.
    const sampled = SAMPLE_FIRST + Math.ceil((n - SAMPLE_FIRST) / SAMPLE_EVERY);
    expect(meta.languageSample).toMatchObject({ sampled, documents: n });
    expect(Object.values(meta.languages).reduce((a, b) => a + b, 0)).toBe(sampled);
    const reader = IndexReader.open(out);
    expect(() => reader.compileFilter({ lang: 'en' })).toThrow(/rebuild it with testbed index --detect-language/);
    reader.close();
  });

  it('detects every document when asked, and then filters by language', async () => {
    const out = path.join(dir, 'every.sqlite');
    const meta = await buildIndex({
      corpus,
      out,
      chunker: 'doc',
      tokenizer: 'english',
      embedder: 'none',
      threads: 1,
      detectLanguage: true,
    });
    expect(meta.languageSample).toBeUndefined();
    expect(meta.languages).toEqual({ en: n });
    const reader = IndexReader.open(out);
    expect(reader.compileFilter({ lang: 'en' }).chunkIds.size).toBe(n);
    reader.close();
  });
});
