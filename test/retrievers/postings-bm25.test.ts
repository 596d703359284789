import { afterAll, describe, expect, it } from 'vitest';
import { createPostingsRetriever, type PruningStats } from '../../src/retrievers/postings-bm25.js';
import type { ChunkFilter, Retriever, SearchOptions } from '../../src/retrievers/types.js';
import { createWinkRetriever } from '../../src/retrievers/wink-bm25.js';
import { bm25Analysis } from '../../src/store/bm25-analysis.js';
import type { IndexReader } from '../../src/store/index-reader.js';
import { type FixtureDoc, writeFixtureIndex } from '../helpers/postings-index.js';
import { tmpDir } from '../helpers/tmp.js';

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

function filterOf(chunkIds: string[]): ChunkFilter {
  const ids = new Set(chunkIds);
  return {
    spec: {},
    key: 'test',
    sql: { where: '1', params: [] },
    chunkIds: ids,
    docIds: new Set(chunkIds.map((id) => id.split('#')[0]!)),
  };
}

/** Both engines over `reader`, as the lexical leg builds them (its bm25Analysis, stored languages). */
function engines(reader: IndexReader, params: { k1: number; b: number }, onPruning?: (s: PruningStats) => void) {
  const analysis = bm25Analysis(reader.meta.tokenizer, reader.meta.languages);
  const lang = new Map<string, string | undefined>();
  for (const l of Object.keys(reader.meta.languages)) for (const id of reader.chunkIdsInLanguage(l)) lang.set(id, l);
  const postings = createPostingsRetriever(reader.postingsSource()!, analysis, params, { onPruning });
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
  const filter = filterOf(allChunkIds.filter((_, i) => i % 3 !== 0));

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
