import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeBlock, POSTINGS_BLOCK_SIZE } from '../../src/store/block-codec.js';
import { BOUNDS_STRIDE } from '../../src/store/postings-schema.js';
import { openPostingsSource } from '../../src/store/postings-source.js';
import { PostingsCollector } from '../../src/store/postings-collector.js';
import { PostingsWriter } from '../../src/store/postings-writer.js';
import { rowIdentity } from '../../src/store/row-identity.js';
import { tmpDir } from '../helpers/tmp.js';

// A seeded corpus of term lists: 600 chunks over 40 terms, skewed so a few terms fill several
// blocks and many stay in one.
function corpus(): string[][] {
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  return Array.from({ length: 600 }, () =>
    Array.from({ length: 1 + Math.floor(next() * 12) }, () => `t${Math.floor(40 * next() ** 2)}`),
  );
}

/** Documents of three chunks: a chunk's document key is the rowid of its document's first chunk. */
const docKeyOf = (rowid: number) => rowid - ((rowid - 1) % 3);

function write(dir: string, name: string, chunks: string[][], spillLimit?: number) {
  const file = path.join(dir, `${name}.sqlite`);
  const db = new Database(file);
  db.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  const spillFile = `${file}-spill`;
  const writer = new PostingsWriter(db, spillFile, spillLimit);
  db.transaction(() => chunks.forEach((terms, i) => writer.add(i + 1, terms, docKeyOf(i + 1))))();
  const spillsBeforeFinish = writer.spills;
  const stats = writer.finish();
  return { db, stats, spillsBeforeFinish, spillLeft: fs.existsSync(spillFile) };
}

/**
 * The build's threaded path: batches of `batch` chunks dealt in turn to `streams` collectors (as
 * analysis threads get them), each spilling past `spillLimit`, the writer merging their lists.
 */
function writeStreams(
  dir: string,
  name: string,
  chunks: string[][],
  streams: number,
  batch: number,
  spillLimit: number,
) {
  const file = path.join(dir, `${name}.sqlite`);
  const db = new Database(file);
  db.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  const writer = new PostingsWriter(db, `${file}-spill`);
  const collectors = Array.from({ length: streams }, () => new PostingsCollector(spillLimit));
  db.transaction(() => {
    chunks.forEach((terms, i) => {
      const stream = Math.floor(i / batch) % streams;
      writer.addChunk(i + 1, terms.length, docKeyOf(i + 1));
      collectors[stream]!.add(i + 1, terms);
      if (collectors[stream]!.full) writer.spill(stream, collectors[stream]!.take());
    });
    collectors.forEach((c, stream) => writer.spill(stream, c.take()));
  })();
  const spills = writer.spills;
  const stats = writer.finish();
  return { db, stats, spills };
}

/** Every term's postings, decoded from its blocks, with the bounds each block records. */
function readAll(db: Database.Database) {
  const source = openPostingsSource(db, rowIdentity(db));
  const terms = db.prepare('SELECT term FROM postings_terms ORDER BY term').pluck().all() as string[];
  const out: Record<string, { postings: [number, number][]; df: number; maxTf: number; minLen: number }> = {};
  for (const term of terms) {
    const entry = source.term(term)!;
    const postings: [number, number][] = [];
    const rowids = new Float64Array(POSTINGS_BLOCK_SIZE);
    const tfs = new Uint32Array(POSTINGS_BLOCK_SIZE);
    for (let b = 0; b * BOUNDS_STRIDE < entry.bounds.length; b++) {
      const previous = b === 0 ? 0 : entry.bounds[(b - 1) * BOUNDS_STRIDE]!;
      const n = decodeBlock(source.block(entry.firstBlock + b), previous, rowids, tfs);
      const block = Array.from({ length: n }, (_, i) => [rowids[i]!, tfs[i]!] as [number, number]);
      // The block's recorded bounds are its own last rowid, largest tf and shortest chunk.
      expect(entry.bounds[b * BOUNDS_STRIDE]).toBe(block.at(-1)![0]);
      expect(entry.bounds[b * BOUNDS_STRIDE + 1]).toBe(Math.max(...block.map(([, tf]) => tf)));
      expect(entry.bounds[b * BOUNDS_STRIDE + 2]).toBe(Math.min(...block.map(([r]) => source.lengths[r]!)));
      postings.push(...block);
    }
    out[term] = { postings, df: entry.df, maxTf: entry.maxTf, minLen: entry.minLen };
  }
  return { out, source };
}

describe('PostingsWriter', () => {
  const dir = tmpDir('postings-writer-');
  const chunks = corpus();

  it("stores each term's (rowid, tf) postings, df and bounds as counted from the chunks", () => {
    const { db, stats } = write(dir, 'one', chunks);
    const { out, source } = readAll(db);
    const expected: Record<string, [number, number][]> = {};
    chunks.forEach((terms, i) => {
      const tf = new Map<string, number>();
      for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const [t, n] of tf) (expected[t] ??= []).push([i + 1, n]);
    });
    expect(Object.keys(out).sort()).toEqual(Object.keys(expected).sort());
    for (const [term, postings] of Object.entries(expected)) {
      expect(out[term]!.postings, term).toEqual(postings);
      expect(out[term]!.df).toBe(postings.length);
      expect(out[term]!.maxTf).toBe(Math.max(...postings.map(([, tf]) => tf)));
      expect(out[term]!.minLen).toBe(Math.min(...postings.map(([r]) => chunks[r - 1]!.length)));
    }
    // Some term fills several blocks, so block boundaries are exercised.
    expect(Math.max(...Object.values(expected).map((p) => p.length))).toBeGreaterThan(2 * POSTINGS_BLOCK_SIZE);
    expect(stats).toEqual({
      chunks: chunks.length,
      totalLength: chunks.reduce((n, t) => n + t.length, 0),
      terms: Object.keys(expected).length,
      blockSize: POSTINGS_BLOCK_SIZE,
    });
    expect([...source.lengths.subarray(1)]).toEqual(chunks.map((t) => t.length));
    expect([...source.docKeys.subarray(1, 8)]).toEqual([1, 1, 1, 4, 4, 4, 7]);
    expect([...source.docKeys.subarray(1)]).toEqual(chunks.map((_, i) => docKeyOf(i + 1)));
    db.close();
  });

  it('gives the same postings when a tiny limit forces many spills, and removes the spill file', () => {
    const whole = write(dir, 'whole', chunks);
    const spilled = write(dir, 'spilled', chunks, 50);
    expect(whole.spillsBeforeFinish).toBe(0);
    expect(spilled.spillsBeforeFinish).toBeGreaterThan(10);
    expect(spilled.spillLeft).toBe(false);
    expect(whole.spillLeft).toBe(false);
    expect(readAll(spilled.db).out).toEqual(readAll(whole.db).out);
    expect(spilled.stats).toEqual(whole.stats);
    whole.db.close();
    spilled.db.close();
  });

  it('merges the lists of several collectors (threads) by rowid into the same tables, byte for byte', () => {
    const one = write(dir, 'one-stream', chunks);
    // 3 collectors taking batches of 7 chunks in turn, spilling every ~40 postings: a term's lists
    // interleave across collectors and each collector spills several times.
    const three = writeStreams(dir, 'three-streams', chunks, 3, 7, 40);
    expect(three.spills).toBeGreaterThan(10);
    expect(readAll(three.db).out).toEqual(readAll(one.db).out);
    expect(three.stats).toEqual(one.stats);
    for (const table of ['postings_terms', 'postings_blocks', 'postings_lengths', 'postings_doc_keys'])
      expect(three.db.prepare(`SELECT * FROM ${table}`).raw().all()).toEqual(
        one.db.prepare(`SELECT * FROM ${table}`).raw().all(),
      );
    one.db.close();
    three.db.close();
  });

  it('spans several pages of lengths when rowids pass LENGTHS_PAGE', () => {
    const many = Array.from({ length: 9000 }, (_, i) => (i % 5 === 0 ? [] : ['x', `y${i % 3}`].slice(0, 1 + (i % 2))));
    const { db } = write(dir, 'pages', many);
    const { source } = readAll(db);
    expect(source.lengths.length).toBe(9001);
    expect([...source.lengths.subarray(1)]).toEqual(many.map((t) => t.length));
    expect(source.docKeys.length).toBe(9001);
    expect([...source.docKeys.subarray(1)]).toEqual(many.map((_, i) => docKeyOf(i + 1)));
    db.close();
  });
});
