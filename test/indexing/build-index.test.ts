import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedders/hash.js';
import type { EmbedRole, Embedder } from '../../src/embedders/types.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { IndexReader } from '../../src/store/index-reader.js';
import { buildTinyIndex } from '../helpers/tiny-index.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

const dir = tmpDir();
const fixtureDocs = fs.readFileSync(path.join(TINY_BEIR, 'corpus.jsonl'), 'utf8').trim().split('\n').length;

/** Counts what reaches the model, to see the cache at work. */
function countingEmbedder(): Embedder & { seen: string[] } {
  const inner = createHashEmbedder(32);
  const seen: string[] = [];
  return {
    ...inner,
    seen,
    embed: (texts: string[], role: EmbedRole) => (seen.push(...texts), inner.embed(texts, role)),
  };
}

describe('buildIndex', () => {
  it('stores every document, its chunks, one vector per chunk, and the full config', async () => {
    const { file, meta } = await buildTinyIndex(dir, { chunker: 'doc', tokenizer: 'porter' });
    expect(meta.counts).toMatchObject({
      documents: fixtureDocs,
      chunks: fixtureDocs,
      vectors: fixtureDocs,
      maxChunksPerDoc: 1,
    });
    expect(meta.chunker).toBe('doc');
    expect(meta.tokenizer).toBe('porter');
    expect(meta.embedder).toEqual({ id: 'hash:64', dims: 64, maxTokens: Number.MAX_SAFE_INTEGER });
    expect(meta.corpus.kind).toBe('beir');
    expect(meta.corpus.contentHash).toMatch(/^[0-9a-f]{64}$/);
    const reader = IndexReader.open(file);
    expect(reader.meta).toEqual(meta);
    const chunk = reader.chunk('error-e1042#0')!;
    expect(chunk.text.startsWith('E1042 means')).toBe(true);
    expect(reader.loadVectors().matrix.length).toBe(fixtureDocs * 64);
    reader.close();
    const db = new Database(file, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('chunk offsets point into the stored document text', async () => {
    const { file } = await buildTinyIndex(dir, { chunker: 'words:12:4' });
    const db = new Database(file, { readonly: true });
    const rows = db
      .prepare(
        'SELECT c.text AS chunk, c.start, c.end, d.text AS doc FROM chunk_rows c JOIN documents d ON d.id = c.doc_id',
      )
      .all() as { chunk: string; start: number; end: number; doc: string }[];
    expect(rows.length).toBeGreaterThan(fixtureDocs);
    for (const r of rows) expect(r.doc.slice(r.start, r.end)).toBe(r.chunk);
    db.close();
  });

  it('lexical-only builds store no vectors', async () => {
    const { meta } = await buildTinyIndex(dir, { embedder: 'none' });
    expect(meta.embedder).toBeNull();
    expect(meta.counts.vectors).toBe(0);
  });

  it('never re-embeds a text it has embedded before (cache keyed by embedder and text)', async () => {
    const cacheFile = path.join(dir, 'reuse-cache.sqlite');
    const first = countingEmbedder();
    const { meta } = await buildTinyIndex(dir, { chunker: 'doc', embedder: first, cacheFile });
    expect(first.seen).toHaveLength(meta.counts.chunks);
    const again = countingEmbedder();
    await buildTinyIndex(dir, { chunker: 'doc', embedder: again, cacheFile, tokenizer: 'trigram' });
    expect(again.seen).toHaveLength(0);
    const other = countingEmbedder();
    const { meta: m2 } = await buildTinyIndex(dir, { chunker: 'words:10', embedder: other, cacheFile });
    // only chunk texts not seen before reach the model
    expect(other.seen.length).toBeGreaterThan(0);
    expect(other.seen.length).toBeLessThanOrEqual(m2.counts.chunks);
  });

  it('a failed build leaves the previous index untouched and no temporary file', async () => {
    const out = path.join(dir, 'keep.sqlite');
    await buildIndex({ corpus: TINY_BEIR, out, embedder: 'none', chunker: 'doc' });
    const before = fs.readFileSync(out);
    const bad = path.join(dir, 'bad.jsonl');
    fs.writeFileSync(
      bad,
      '{"_id": "a", "text": "fine"}\n{"_id": "b", "text": "also fine"}\n{"_id": "a", "text": "dup"}\n',
    );
    await expect(buildIndex({ corpus: bad, out, embedder: 'none' })).rejects.toThrow(
      /bad\.jsonl:3.*duplicate|duplicate.*bad\.jsonl:3/i,
    );
    expect(fs.readFileSync(out).equals(before)).toBe(true);
    expect(fs.readdirSync(dir).filter((f) => f.includes('.building-'))).toEqual([]);
  });

  it('a model failure mid-build also leaves nothing behind', async () => {
    const out = path.join(dir, 'never.sqlite');
    const broken: Embedder = {
      id: 'broken',
      dims: 4,
      maxTokens: 10,
      embed: async () => Promise.reject(new Error('model crashed')),
    };
    await expect(buildIndex({ corpus: TINY_BEIR, out, embedder: broken })).rejects.toThrow('model crashed');
    expect(fs.existsSync(out)).toBe(false);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('never.sqlite'))).toEqual([]);
  });

  it('rejects bad options before reading anything', async () => {
    const out = path.join(dir, 'x.sqlite');
    await expect(buildIndex({ corpus: TINY_BEIR, out, chunker: 'words:0' })).rejects.toThrow(/words:0/);
    await expect(buildIndex({ corpus: TINY_BEIR, out, tokenizer: 'snowball' })).rejects.toThrow(
      /unknown tokenizer "snowball"/,
    );
    await expect(buildIndex({ corpus: TINY_BEIR, out, embedder: 'word2vec' })).rejects.toThrow(
      /unknown embedder "word2vec"/,
    );
    expect(fs.existsSync(out)).toBe(false);
  });

  it('reports chunks the model only saw the beginning of', async () => {
    const short: Embedder = {
      id: 'short',
      dims: 8,
      maxTokens: 20,
      embed: async (texts) => {
        const { vectors } = await createHashEmbedder(8).embed(texts, 'passage');
        return { vectors, truncated: texts.map((t) => t.split(/\s+/).length > 20) };
      },
    };
    const notices: string[] = [];
    const { meta } = await buildTinyIndex(dir, {
      chunker: 'doc',
      embedder: short,
      cacheFile: path.join(dir, 'c2.sqlite'),
      onNotice: (m) => notices.push(m),
    });
    const lines = fs
      .readFileSync(path.join(TINY_BEIR, 'corpus.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { title: string; text: string });
    const expected = lines.filter((d) => `${d.title}\n\n${d.text}`.split(/\s+/).length > 20).length;
    expect(meta.counts.truncatedChunks).toBe(expected);
    expect(notices.join()).toContain(`${expected} of ${fixtureDocs} chunks are longer than short's 20-token input`);
  });

  it('claims no truncation under a limit the embedder only assumes: says the server may have cut them', async () => {
    // maxTokens 20 guessed (maxTokensAssumed): the texts are sent whole and the embedder flags nothing.
    const guessed: Embedder = {
      id: 'guessed',
      dims: 8,
      maxTokens: 20,
      maxTokensAssumed: true,
      embed: async (texts) => createHashEmbedder(8).embed(texts, 'passage'),
    };
    const notices: string[] = [];
    const { meta } = await buildTinyIndex(dir, {
      chunker: 'doc',
      embedder: guessed,
      cacheFile: path.join(dir, 'c3.sqlite'),
      onNotice: (m) => notices.push(m),
    });
    const lines = fs
      .readFileSync(path.join(TINY_BEIR, 'corpus.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { title: string; text: string });
    // More words (with a letter or digit) than the 20 tokens assumed.
    const words = (t: string) => t.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
    const over = lines.filter((d) => words(`${d.title}\n\n${d.text}`) > 20).length;
    expect(over).toBeGreaterThan(0);
    expect(meta.counts.truncatedChunks).toBe(0);
    expect(notices.join()).not.toContain('the model saw only their beginning');
    expect(notices.join()).toContain(
      `${over} of ${fixtureDocs} chunks have more words than the 20 tokens assumed for guessed's input (its model's limit is not known): they were sent whole, and the server may have cut them`,
    );
  });

  it('documents with neither text nor title stop the build unless --skip-empty, which skips and names them', async () => {
    const corpus = path.join(dir, 'with-empty.jsonl');
    fs.writeFileSync(
      corpus,
      '{"_id": "a", "text": "alpha"}\n{"_id": "b", "title": "", "text": ""}\n{"_id": "c", "text": "gamma"}\n',
    );
    const out = path.join(dir, 'with-empty.sqlite');
    await expect(buildIndex({ corpus, out, embedder: 'none' })).rejects.toThrow(`${corpus}:2 (field "text")`);
    const notices: string[] = [];
    const meta = await buildIndex({ corpus, out, embedder: 'none', skipEmpty: true, onNotice: (m) => notices.push(m) });
    expect(meta.counts).toMatchObject({ documents: 2, skippedEmpty: 1 });
    expect(notices).toContain('skipped 1 document(s) with neither text nor title: b');
  });
});
