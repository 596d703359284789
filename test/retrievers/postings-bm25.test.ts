import Database from 'better-sqlite3';
import { languageDetectorReady } from '../../src/analysis/detect-language.js';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPostingsRetriever,
  createPostingsScorer,
  type PostingsScorerOptions,
  type PruningStats,
  TOP_K_ALGORITHMS,
} from '../../src/retrievers/postings-bm25.js';
import type { BlockReadPath } from '../../src/retrievers/postings-cursor.js';
import type { WeightedTerm } from '../../src/retrievers/lexical-index.js';
import { toLevel } from '../../src/ranking/rank.js';
import { openPostingsSource } from '../../src/store/postings-source.js';
import { openLexicalIndex } from '../../src/retrievers/postings-lexical-index.js';
import { rowIdentity } from '../../src/store/row-identity.js';
import type { ChunkFilter, Retriever, SearchOptions } from '../../src/retrievers/types.js';
import { createWinkRetriever } from '../../src/retrievers/wink-bm25.js';
import { bm25Analysis } from '../../src/store/bm25-analysis.js';
import { IndexReader } from '../../src/store/index-reader.js';
import { type FixtureDoc, writeFixtureIndex } from '../helpers/postings-index.js';
import { tmpDir } from '../helpers/tmp.js';

// Queries on these indexes detect their language: the detector loads once, before the tests.
beforeAll(() => languageDetectorReady());

// The wink engine is the oracle: the postings engine must give the same hits, in the same
// order, with the same doubles, over the same index.

const VOCABULARY = 1500;
const STOP_WORDS = ['the', 'and', 'of'];

/** A seeded generator (Park-Miller) and a Zipfian word draw: rank r has weight 1 / r. */
function zipfText(seed: number) {
  let state = seed;
  const next = () => (state = (state * 48271) % 2147483647) / 2147483647;
  const cumulative: number[] = [];
  let total = 0;
  for (let r = 1; r <= VOCABULARY; r++) cumulative.push((total += 1 / r));
  const word = () => {
    const x = next() * total;
    let lo = 0;
    let hi = VOCABULARY - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return `w${lo}`;
  };
  const words = (n: number) =>
    Array.from({ length: n }, () => (next() < 0.1 ? STOP_WORDS[Math.floor(next() * 3)]! : word())).join(' ');
  return { next, word, words };
}

/**
 * 1,200 documents of 1 to 4 chunks (about 3,000 chunks), titles on some; every tenth document
 * repeats an earlier one's chunks word for word, so scores tie and the tie-break decides.
 */
function randomCorpus(): FixtureDoc[] {
  const g = zipfText(12345);
  const docs: FixtureDoc[] = [];
  for (let i = 0; i < 1200; i++) {
    const id = `d${String(i).padStart(4, '0')}`;
    if (i % 10 === 9) {
      docs.push({ id, chunks: docs[Math.floor(g.next() * i)]!.chunks });
      continue;
    }
    const n = 1 + Math.floor(g.next() * 4);
    docs.push({
      id,
      chunks: Array.from({ length: n }, () => ({
        title: g.next() < 0.3 ? g.words(3) : '',
        text: g.words(3 + Math.floor(g.next() * 40)),
      })),
    });
  }
  return docs;
}

const PARAMS = [
  { k1: 0.9, b: 0.4 },
  { k1: 1.2, b: 0.75 },
  { k1: 0, b: 0 },
  { k1: 2, b: 1 },
];
const KS = [1, 10, 100, 1000];
const LEVELS = ['chunk', 'doc'] as const;

/** A filter passing `chunkIds` of `reader` (the postings engine reads its rowids, wink its ids). */
function filterOf(reader: IndexReader, chunkIds: string[]): ChunkFilter {
  const ids = new Set(chunkIds);
  const rows = reader.exportPage(0, Number.MAX_SAFE_INTEGER);
  return {
    spec: {},
    key: 'test',
    sql: { where: '1', params: [] },
    rowids: new Set(rows.filter((r) => ids.has(r.id)).map((r) => r.rowid)),
    chunkIds: ids,
    docIds: new Set(chunkIds.map((id) => id.split('#')[0]!)),
  };
}

/** A copy of `reader`'s index file as an older testbed wrote it: `sql` drops what it lacked. */
let olderCopies = 0;
function olderCopy(reader: IndexReader, sql: string): IndexReader {
  const file = `${reader.file.replace(/\.sqlite$/, '')}-older-${++olderCopies}.sqlite`;
  fs.copyFileSync(reader.file, file);
  const db = new Database(file);
  db.exec(sql);
  db.close();
  return IndexReader.open(file);
}

/** Both engines over `reader`, as the lexical leg builds them (its bm25Analysis, stored languages). */
function engines(
  reader: IndexReader,
  params: { k1: number; b: number },
  onPruning?: (s: PruningStats) => void,
  options: PostingsScorerOptions = {},
) {
  const analysis = bm25Analysis(reader.meta.tokenizer, reader.meta.languages);
  const lang = new Map<string, string | undefined>();
  for (const l of Object.keys(reader.meta.languages)) for (const id of reader.chunkIdsInLanguage(l)) lang.set(id, l);
  const postings = createPostingsRetriever(reader.postingsSource()!, analysis, params, { ...options, onPruning });
  const wink = createWinkRetriever(reader.chunks(), params, { ...analysis, chunkLanguage: (id) => lang.get(id) });
  return { postings, wink };
}

async function expectSame(postings: Retriever, wink: Retriever, query: string, options: SearchOptions) {
  const [got, want] = await Promise.all([postings.search(query, options), wink.search(query, options)]);
  const what = `${JSON.stringify(query)} ${JSON.stringify({ ...options, filter: options.filter && 'yes' })}`;
  expect(got.hits, what).toEqual(want.hits);
  return want.hits.length;
}

describe('postings BM25 equals wink on a seeded Zipfian corpus', () => {
  const dir = tmpDir('postings-bm25-');
  const reader = writeFixtureIndex(dir, 'zipf', randomCorpus(), { spillLimit: 5_000 });
  afterAll(() => reader.close());
  const g = zipfText(99);
  const queries = [
    ...Array.from({ length: 8 }, () => g.words(2 + Math.floor(g.next() * 6))),
    'w0 w1 w2', // the most frequent terms: long lists, many ties on length
    'w3 w3 w700', // a repeated term counts twice
    'w900 zzzunknown w5 qqqnothing', // unknown terms are dropped
    'zzzunknown', // nothing known: no hits
    'the and of', // stop words only: no terms at all
    'w0 w300', // a skewed query: the commonest term and a rare one
  ];
  const allChunkIds = [...reader.chunks()].map((c) => c.id);
  const filter = filterOf(
    reader,
    allChunkIds.filter((_, i) => i % 3 !== 0),
  );

  for (const params of PARAMS) {
    it(`k1 ${params.k1}, b ${params.b}: same hits, order and scores at every k and level, with and without a filter`, async () => {
      const { postings, wink } = engines(reader, params);
      let compared = 0;
      for (const query of queries)
        for (const k of KS)
          for (const level of LEVELS)
            for (const f of [undefined, filter])
              compared += await expectSame(postings, wink, query, { k, level, filter: f });
      expect(compared).toBeGreaterThan(1000);
    });
  }

  it('ties are present: duplicated documents score alike, and both engines order them by id', async () => {
    const { postings } = engines(reader, PARAMS[0]!);
    const { hits } = await postings.search('w0 w1 w2', { k: 1000, level: 'doc' });
    const scores = hits.map((h) => h.score);
    expect(new Set(scores).size).toBeLessThan(scores.length);
  });

  it('prunes: a skewed query at k 1 decodes under half the postings its terms hold, all of them at k 10000', async () => {
    const seen: PruningStats[] = [];
    const { postings } = engines(reader, PARAMS[0]!, (s) => seen.push(s));
    // w0, the commonest word, over 20 blocks; w300 in a few chunks, with a far larger IDF: once
    // the best chunk holds both, w0 alone cannot reach it and its blocks without w300 are skipped.
    await postings.search('w0 w300', { k: 1, level: 'chunk' });
    await postings.search('w0 w300', { k: 10_000, level: 'chunk' });
    const [top1, all] = seen;
    expect(top1!.blocksTotal).toBeGreaterThan(10);
    expect(top1!.postingsDecoded).toBeLessThan(top1!.postingsTotal / 2);
    expect(top1!.blocksDecoded).toBeLessThan(top1!.blocksTotal / 2);
    // Asked for everything, nothing can be skipped.
    expect(all!.postingsDecoded).toBe(all!.postingsTotal);
  });

  it('looks up ids only for the chunks that can be returned: those scoring at least the k-th best document', async () => {
    const source = reader.postingsSource()!;
    let lookups = 0;
    const counting = { ...source, identify: (rowid: number) => (lookups++, source.identify(rowid)) };
    const analysis = bm25Analysis(reader.meta.tokenizer, reader.meta.languages);
    const postings = createPostingsRetriever(counting, analysis);
    const query = 'w0 w1 w2';
    const top = (await postings.search(query, { k: 10, level: 'doc' })).hits;
    const everyChunk = (await engines(reader, PARAMS[0]!).wink.search(query, { k: 10_000, level: 'chunk' })).hits;
    const tenth = top[9]!.score;
    const canReturn = everyChunk.filter((h) => h.score >= tenth).length;
    expect(canReturn).toBeGreaterThanOrEqual(10);
    expect(everyChunk.length).toBeGreaterThan(20 * canReturn);
    expect(lookups).toBe(canReturn);
  });

  it('reads an index built before document keys and impacts were stored: same hits, looser block bounds', async () => {
    const oldReader = olderCopy(reader, 'DROP TABLE postings_doc_keys; ALTER TABLE postings_terms DROP COLUMN impacts');
    try {
      expect(oldReader.postingsSource()!.docKeys).toEqual(reader.postingsSource()!.docKeys);
      const seen: PruningStats[][] = [[], []];
      const now = engines(reader, PARAMS[0]!, (s) => seen[0]!.push(s)).postings;
      const before = engines(oldReader, PARAMS[0]!, (s) => seen[1]!.push(s)).postings;
      for (const query of [...queries, 'w0', 'w0 w1', 'w1 w2 w2'])
        for (const level of LEVELS) {
          const options = { k: 10, level };
          expect((await before.search(query, options)).hits).toEqual((await now.search(query, options)).hits);
        }
      // Competitive impacts bound a block by a posting it holds, so they never decode more.
      const decoded = seen.map((runs) => runs.reduce((n, s) => n + s.postingsDecoded, 0));
      expect(decoded[0]).toBeLessThan(decoded[1]!);
      seen[0]!.forEach((s, i) => expect(s.blocksDecoded).toBeLessThanOrEqual(seen[1]![i]!.blocksDecoded));
    } finally {
      oldReader.close();
    }
  });

  it('gives no hits for unknown or stop-word-only queries, and nothing at k 0', async () => {
    const { postings } = engines(reader, PARAMS[0]!);
    expect((await postings.search('the and of', { k: 10, level: 'doc' })).hits).toEqual([]);
    expect((await postings.search('zzzunknown', { k: 10, level: 'doc' })).hits).toEqual([]);
    expect((await postings.search('w0', { k: 0, level: 'doc' })).hits).toEqual([]);
  });

  it('refuses k1 or b out of range, as wink does', () => {
    const source = reader.postingsSource()!;
    const analysis = bm25Analysis('unicode61');
    expect(() => createPostingsRetriever(source, analysis, { k1: -1 })).toThrow(/k1/);
    expect(() => createPostingsRetriever(source, analysis, { b: 1.5 })).toThrow(/b must be/);
  });
});

const READ_PATHS: BlockReadPath[] = ['runs', 'blocks'];

describe('every top-k algorithm and block read path gives the exhaustive ranking on long queries', () => {
  const dir = tmpDir('postings-long-');
  const reader = writeFixtureIndex(dir, 'zipf', randomCorpus(), { spillLimit: 5_000 });
  afterAll(() => reader.close());
  const g = zipfText(4242);
  // 20 to 40 words as a consumer's question would have them: head words repeat, tail words are rare.
  const longQueries = Array.from({ length: 6 }, () => g.words(20 + Math.floor(g.next() * 21)));
  const analysis = bm25Analysis(reader.meta.tokenizer, reader.meta.languages);
  const filter = filterOf(
    reader,
    [...reader.chunks()].map((c) => c.id).filter((_, i) => i % 4 !== 1),
  );

  it('plain long queries: the same hits, order and scores as wink, for each algorithm and read path', async () => {
    let compared = 0;
    for (const algorithm of TOP_K_ALGORITHMS)
      for (const readPath of READ_PATHS) {
        const { postings, wink } = engines(reader, PARAMS[0]!, undefined, { algorithm, readPath });
        for (const query of longQueries.slice(0, 3))
          for (const k of KS)
            for (const level of LEVELS)
              for (const f of [undefined, filter])
                compared += await expectSame(postings, wink, query, { k, level, filter: f });
      }
    expect(compared).toBeGreaterThan(1000);
  });

  it('weighted long queries: each hit scores Σ weight × its term score in entry order, as an exhaustive scan of every chunk ranks them', async () => {
    const { wink } = engines(reader, PARAMS[1]!);
    // Each term's score in every chunk holding it, from wink alone: the reference needs no pruning.
    const termScores = new Map<string, Map<string, number>>();
    const scoresOf = async (term: string) => {
      let scores = termScores.get(term);
      if (!scores) {
        const { hits } = await wink.search(term, { k: 100_000, level: 'chunk' });
        termScores.set(term, (scores = new Map(hits.map((h) => [h.id, h.score]))));
      }
      return scores;
    };
    const docOf = new Map([...reader.chunks()].map((c) => [c.id, c.docId]));
    const exhaustive = async (
      terms: WeightedTerm[],
      k: number,
      level: 'chunk' | 'doc',
      passes?: ReadonlySet<string>,
    ) => {
      const sums = new Map<string, number>();
      for (const { term, weight } of terms)
        for (const [id, s] of await scoresOf(term)) sums.set(id, weight * s + (sums.get(id) ?? 0));
      const all = [...sums]
        .filter(([id]) => !passes || passes.has(id))
        .map(([id, score]) => ({ id, chunkId: id, docId: docOf.get(id)!, score }));
      return toLevel(all, level, k);
    };
    let compared = 0;
    for (const query of longQueries.slice(2)) {
      // The query's terms (repeats kept), each weighted as an expansion leg would: between 0.05 and 3.
      const terms = analysis.queryTerms(query, undefined).map((term) => ({ term, weight: 0.05 + 2.95 * g.next() }));
      expect(new Set(terms.map((t) => t.term)).size).toBeGreaterThanOrEqual(12);
      for (const algorithm of TOP_K_ALGORITHMS)
        for (const readPath of READ_PATHS) {
          const score = createPostingsScorer(reader.postingsSource()!, PARAMS[1], { algorithm, readPath });
          for (const k of KS)
            for (const level of LEVELS)
              for (const f of [undefined, filter]) {
                const want = await exhaustive(terms, k, level, f?.chunkIds);
                const got = score(terms, { k, level, ...(f && { filter: f }) }).hits;
                expect(got, `${algorithm} ${readPath} k ${k} ${level} ${f ? 'filtered' : ''}`).toEqual(want);
                compared += want.length;
              }
        }
    }
    expect(compared).toBeGreaterThan(2000);
  });

  it('uses MaxScore below 12 distinct known terms and block-max MaxScore from 12, unless told otherwise', async () => {
    const seen: PruningStats[] = [];
    const score = createPostingsScorer(reader.postingsSource()!, {}, { onPruning: (s) => seen.push(s) });
    const terms = (n: number) => Array.from({ length: n }, (_, i) => ({ term: `w${i}`, weight: 1 }));
    const known = (n: number) => new Set(terms(n).filter((t) => reader.postingsSource()!.term(t.term))).size;
    // w0 .. w11 are all in the fixture's vocabulary; 28 of w0 .. w39 are.
    expect([known(11), known(12), known(40)]).toEqual([11, 12, 28]);
    score(terms(3), { k: 10, level: 'chunk' });
    score(terms(11), { k: 10, level: 'chunk' });
    score(terms(12), { k: 10, level: 'chunk' });
    score(terms(40), { k: 10, level: 'chunk' });
    // A term repeated is one term: 12 entries of 6 terms is short.
    score([...terms(6), ...terms(6)], { k: 10, level: 'chunk' });
    createPostingsScorer(
      reader.postingsSource()!,
      {},
      { algorithm: 'accumulators', onPruning: (s) => seen.push(s) },
    )(terms(40), { k: 10, level: 'chunk' });
    expect(seen.map((s) => s.algorithm)).toEqual([
      'maxscore',
      'maxscore',
      'block-maxscore',
      'block-maxscore',
      'maxscore',
      'accumulators',
    ]);
  });

  it("sums a term's collection frequency from every posting in a file built before `cf`, across blocks", () => {
    const older = olderCopy(reader, 'ALTER TABLE postings_terms DROP COLUMN cf');
    try {
      const now = openLexicalIndex(reader.postingsSource()!, analysis, () => undefined);
      const before = openLexicalIndex(older.postingsSource()!, analysis, () => undefined);
      // w0, the commonest word, spans many blocks of 128 postings: the sum must cross block ends.
      expect(reader.postingsSource()!.term('w0')!.bounds.length / 3).toBeGreaterThan(5);
      for (const term of ['w0', 'w1', 'w300']) expect(before.termStats(term)).toEqual(now.termStats(term));
    } finally {
      older.close();
    }
  });

  it('reads the same hits with no block runs kept in memory as with them all kept', () => {
    const db = new Database(reader.file, { readonly: true });
    try {
      const uncached = openPostingsSource(db, rowIdentity(db), { runCacheBytes: 0 });
      const cached = reader.postingsSource()!;
      for (const query of longQueries) {
        const terms = analysis.queryTerms(query, undefined).map((term) => ({ term, weight: 1 }));
        for (const algorithm of TOP_K_ALGORITHMS) {
          const options = { k: 100, level: 'doc' as const };
          expect(createPostingsScorer(uncached, {}, { algorithm })(terms, options).hits).toEqual(
            createPostingsScorer(cached, {}, { algorithm })(terms, options).hits,
          );
        }
      }
    } finally {
      db.close();
    }
  });
});

describe('competitive impacts skip blocks whose largest tf and shortest chunk are different postings', () => {
  // 1,024 one-chunk documents, each holding x: 8 blocks of x's postings. In every block one
  // chunk repeats x 5 times among 55 other words; the rest are "x" and two fillers (3 terms).
  // The first chunk alone is "x x f0" (tf 2, 3 terms). With k1 0.9, b 0.4 and
  // avgdl = (1016 * 3 + 8 * 60) / 1024 = 3.445:
  //   tf 2, length 3:  2 * 1.9 / (2 + 0.9 * (0.6 + 0.4 * 3 / 3.445))  = 1.332 (the best)
  //   tf 1, length 3:  1.9 / (1 + 0.9 * (0.6 + 0.4 * 3 / 3.445))      = 1.025
  //   tf 5, length 60: 5 * 1.9 / (5 + 0.9 * (0.6 + 0.4 * 60 / 3.445)) = 0.804
  // (times x's idf). A block bound from its largest tf (5) with its shortest chunk (3) is
  // 5 * 1.9 / (5 + 0.9 * 0.948) = 1.623, above 1.332, so every block must be read; the block's
  // competitive pairs, (5, 60) and (1, 3), bound it at 1.025, so after the first block none is.
  const dir = tmpDir('postings-impacts-');
  const docs: FixtureDoc[] = Array.from({ length: 1024 }, (_, i) => {
    const filler = (n: number) => Array.from({ length: n }, (_, j) => `f${(i * 7 + j) % 97}`).join(' ');
    const text = i === 0 ? 'x x f0' : i % 128 === 64 ? `x x x x x ${filler(55)}` : `x ${filler(2)}`;
    return { id: `d${String(i).padStart(4, '0')}`, chunks: [{ title: '', text }] };
  });
  const reader = writeFixtureIndex(dir, 'impacts', docs);
  afterAll(() => reader.close());

  it('reads one block of eight with impacts, all eight with the older bounds, for the same hit', async () => {
    const oldReader = olderCopy(reader, 'ALTER TABLE postings_terms DROP COLUMN impacts');
    try {
      const seen: PruningStats[] = [];
      const withImpacts = engines(reader, PARAMS[0]!, (s) => seen.push(s)).postings;
      const withBounds = engines(oldReader, PARAMS[0]!, (s) => seen.push(s)).postings;
      const a = await withImpacts.search('x', { k: 1, level: 'doc' });
      const b = await withBounds.search('x', { k: 1, level: 'doc' });
      expect(a.hits.map((h) => h.id)).toEqual(['d0000']);
      expect(b.hits).toEqual(a.hits);
      expect(seen.map((s) => [s.blocksTotal, s.blocksDecoded])).toEqual([
        [8, 1],
        [8, 8],
      ]);
    } finally {
      oldReader.close();
    }
  });
});

describe("a rare term's bound counts only where it occurs", () => {
  // 1,024 one-chunk documents holding x (8 blocks of its postings): the first ten are "x x x x",
  // the rest "x" and two fillers, and two of those (in blocks 4 and 7) also hold r. At k 10 the
  // hits are the two r chunks and eight "x x x x": the threshold is x's score at tf 4, which no
  // block after the first reaches with x alone (tf 1 at best). r is in one block spanning rowids
  // 501 to 901: counting its bound over that whole range would read every block up to 901.
  const dir = tmpDir('postings-rare-');
  const docs: FixtureDoc[] = Array.from({ length: 1024 }, (_, i) => {
    const text = i < 10 ? 'x x x x' : i === 500 || i === 900 ? `r x f${i}` : `x f${i % 50} g${i % 70}`;
    return { id: `d${String(i).padStart(4, '0')}`, chunks: [{ title: '', text }] };
  });
  const reader = writeFixtureIndex(dir, 'rare', docs);
  afterAll(() => reader.close());

  it('reads the first block and the two holding r, of eight, and ranks as wink does', async () => {
    const seen: PruningStats[] = [];
    const { postings, wink } = engines(reader, PARAMS[0]!, (s) => seen.push(s));
    await expectSame(postings, wink, 'x r', { k: 10, level: 'doc' });
    const hits = (await postings.search('x r', { k: 10, level: 'doc' })).hits.map((h) => h.id);
    expect(hits.slice(0, 2).sort()).toEqual(['d0500', 'd0900']);
    expect(seen[0]!.blocksTotal).toBe(8 + 1);
    expect(seen[0]!.blocksDecoded).toBe(3 + 1);
  });

  it('term-at-a-time: looks x up only at the chunks holding r, reading at most two of its eight blocks twice', async () => {
    const seen: PruningStats[] = [];
    const { postings, wink } = engines(reader, PARAMS[0]!, (s) => seen.push(s), { algorithm: 'accumulators' });
    for (const k of [1, 2]) await expectSame(postings, wink, 'x r', { k, level: 'doc' });
    // r (the larger bound) is added whole: its one block. Then x, in every chunk, has a bound far
    // below r's score (its idf is ln(1 + 0.5 / 1024.5)), so no chunk without r can reach the top:
    // x is looked up at r's two chunks only (blocks 4 and 7 at most), and the candidates are
    // scored exactly with fresh cursors (r's block again, x's two at most): 6 of 9 blocks, not 9.
    for (const s of seen) {
      expect(s.algorithm).toBe('accumulators');
      expect(s.blocksTotal).toBe(8 + 1);
      expect(s.blocksDecoded).toBeLessThanOrEqual(1 + 2 + 1 + 2);
    }
  });
});

describe('postings BM25 on a multilingual index', () => {
  const dir = tmpDir('postings-multilingual-');
  const docs: FixtureDoc[] = [
    { id: 'z1', lang: 'zh', chunks: [{ title: '', text: '重置密码' }] },
    { id: 'z2', lang: 'zh', chunks: [{ title: '', text: '忘记密码了' }] },
    { id: 'z3', lang: 'zh', chunks: [{ title: '', text: '安装软件' }] },
    { id: 'g1', lang: 'de', chunks: [{ title: 'Pakete', text: 'Pakete installieren' }] },
    { id: 'g2', lang: 'de', chunks: [{ title: '', text: 'Passwort vergessen, Passwort zurücksetzen' }] },
    { id: 'e1', lang: 'en', chunks: [{ title: '', text: 'Installing packages and resetting passwords' }] },
  ];
  const reader = writeFixtureIndex(dir, 'multilingual', docs, { tokenizer: 'multilingual' });
  afterAll(() => reader.close());

  it('analyses each chunk in its stored language and each query as FTS5 would, as wink does', async () => {
    for (const params of PARAMS) {
      const { postings, wink } = engines(reader, params);
      for (const [query, queryLang] of [
        ['密码', 'zh'],
        ['Wie installiere ich Pakete?', 'de'],
        ['Passwort', undefined],
        ['installing packages', 'en'],
        ['packages', undefined],
      ] as const)
        for (const level of LEVELS) await expectSame(postings, wink, query, { k: 10, level, queryLang });
    }
    // Chinese bigrams and German stems are found at all (the comparison is not between two empty lists).
    const { postings } = engines(reader, PARAMS[0]!);
    expect((await postings.search('密码', { k: 10, level: 'doc', queryLang: 'zh' })).hits.map((h) => h.id)).toEqual([
      'z1',
      'z2',
    ]);
    expect(
      (await postings.search('Wie installiere ich Pakete?', { k: 10, level: 'doc', queryLang: 'de' })).hits[0]?.id,
    ).toBe('g1');
  });
});
