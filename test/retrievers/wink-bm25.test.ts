import { describe, expect, it } from 'vitest';
import type { Chunk } from '../../src/chunking/types.js';
import { InputError } from '../../src/errors.js';
import { createLexicalAnalyzer } from '../../src/analysis/english-analyzer.js';
import { createWinkRetriever } from '../../src/retrievers/wink-bm25.js';

function chunk(id: string, title: string, text: string): Chunk {
  const [docId = id, ordinal = '0'] = id.split('#');
  return { id, docId, ordinal: Number(ordinal), start: 0, end: text.length, title, text };
}

// Analysed terms (title + text), counted by hand; the analyser test below pins them down.
//   a#0  solar | solar power cheap   -> dl 4, tf(solar) 2, tf(power) 1
//   a#1  solar | grid farm           -> dl 3, tf(solar) 1, tf(farm) 1
//   b#0  wind  | wind farm bird      -> dl 4, tf(wind) 2, tf(farm) 1
//   c#0  coal  | coal power ship     -> dl 4
//   d#0  sun   | sun wind            -> dl 3, tf(wind) 1
// N = 5, total length 18, avgdl 3.6.
const CORPUS = [
  chunk('a#0', 'Solar', 'Solar power is cheap.'),
  chunk('a#1', 'Solar', 'The grid and the farm'),
  chunk('b#0', 'Wind', 'Wind farms and birds'),
  chunk('c#0', 'Coal', 'coal power for ships'),
  chunk('d#0', 'Sun', 'the sun and the wind'),
];
const N = 5;
const AVGDL = 18 / 5;

/** wink's IDF (smoothing k = 1, i.e. Lucene's): ln(1 + (N - df + 0.5) / (df + 0.5)). */
function idf(df: number, n = N): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** One query term's BM25 contribution, with wink's (k1 + 1) numerator. */
function bm25(tf: number, df: number, dl: number, k1: number, b: number, avgdl = AVGDL, n = N): number {
  return (idf(df, n) * (tf * (k1 + 1))) / (tf + k1 * (1 - b + (b * dl) / avgdl));
}

const chunkLevel = (k = 10) => ({ k, level: 'chunk' as const });
const docLevel = (k = 10) => ({ k, level: 'doc' as const });

describe('lexical analyser', () => {
  const analyze = createLexicalAnalyzer();

  it('produces the terms the hand-computed corpus assumes', () => {
    expect(analyze('Solar power is cheap.')).toEqual(['solar', 'power', 'cheap']);
    expect(analyze('The grid and the farm')).toEqual(['grid', 'farm']);
    expect(analyze('Wind farms and birds')).toEqual(['wind', 'farm', 'bird']);
    expect(analyze('coal power for ships')).toEqual(['coal', 'power', 'ship']);
    expect(analyze('the sun and the wind')).toEqual(['sun', 'wind']);
  });

  it('normalises NFKC and case, keeps non-Latin letters and digits, drops possessives', () => {
    expect(analyze('Ｆｕｌｌ ﬁsh')).toEqual(['full', 'fish']);
    expect(analyze("The patient's CAFÉ, β-catenin; МОСКВА 2024")).toEqual([
      'patient',
      'café',
      'β',
      'catenin',
      'москва',
      '2024',
    ]);
  });

  it('stems and drops stop words only when asked', () => {
    expect(analyze('studies of running')).toEqual(['studi', 'run']);
    expect(createLexicalAnalyzer({ stem: false })('studies of running')).toEqual(['studies', 'running']);
    expect(createLexicalAnalyzer({ stopwords: false })('studies of running')).toEqual(['studi', 'of', 'run']);
  });
});

describe('createWinkRetriever', () => {
  it('is named bm25-wink and reports its time', async () => {
    const r = createWinkRetriever(CORPUS);
    expect(r.name).toBe('bm25-wink');
    const { timings } = await r.search('solar', chunkLevel());
    expect(timings.bm25).toBeGreaterThanOrEqual(0);
  });

  it('scores by the BM25 formula with k1 0.9, b 0.4 by default', async () => {
    const { hits } = await createWinkRetriever(CORPUS).search('solar', chunkLevel());
    // df(solar) = 2: idf = ln(1 + 3.5 / 2.5) = ln 2.4.
    expect(idf(2)).toBeCloseTo(Math.log(2.4), 12);
    expect(hits.map((h) => h.id)).toEqual(['a#0', 'a#1']);
    expect(hits[0]).toMatchObject({ id: 'a#0', docId: 'a', chunkId: 'a#0', rank: 1 });
    expect(hits[0]!.score).toBeCloseTo(bm25(2, 2, 4, 0.9, 0.4), 8);
    expect(hits[1]!.score).toBeCloseTo(bm25(1, 2, 3, 0.9, 0.4), 8);
  });

  it('sums query terms and matches query words through the same analysis', async () => {
    const { hits } = await createWinkRetriever(CORPUS).search('FARMS, of the Solar!', chunkLevel());
    // a#1 has solar and farm once each; df(farm) = 2 as well.
    expect(hits[0]!.id).toBe('a#1');
    expect(hits[0]!.score).toBeCloseTo(bm25(1, 2, 3, 0.9, 0.4) * 2, 8);
    expect(hits.map((h) => h.id).sort()).toEqual(['a#0', 'a#1', 'b#0']);
  });

  it('follows k1 and b as the formula says', async () => {
    const custom = await createWinkRetriever(CORPUS, { k1: 1.2, b: 0.75 }).search('wind', chunkLevel());
    // df(wind) = 2: b#0 tf 2 dl 4, d#0 tf 1 dl 3.
    expect(custom.hits.map((h) => h.id)).toEqual(['b#0', 'd#0']);
    expect(custom.hits[0]!.score).toBeCloseTo(bm25(2, 2, 4, 1.2, 0.75), 8);
    expect(custom.hits[1]!.score).toBeCloseTo(bm25(1, 2, 3, 1.2, 0.75), 8);

    // k1 = 0 saturates at once: every matching chunk scores the bare IDF, whatever tf and dl.
    const flat = await createWinkRetriever(CORPUS, { k1: 0 }).search('solar', chunkLevel());
    expect(flat.hits.map((h) => h.score)).toEqual([expect.closeTo(Math.log(2.4), 8), expect.closeTo(Math.log(2.4), 8)]);

    // b = 0 ignores length: farm (tf 1) ties in a#1 (dl 3) and b#0 (dl 4); with b = 0.4 the
    // shorter chunk wins.
    const noNorm = await createWinkRetriever(CORPUS, { b: 0 }).search('farm', chunkLevel());
    expect(noNorm.hits[0]!.score).toBe(noNorm.hits[1]!.score);
    const norm = await createWinkRetriever(CORPUS).search('farm', chunkLevel());
    expect(norm.hits[0]!.id).toBe('a#1');
    expect(norm.hits[0]!.score).toBeGreaterThan(norm.hits[1]!.score);
  });

  it('weights title terms in both tf and length (BM25F)', async () => {
    const r = createWinkRetriever(CORPUS, { fieldWeights: { title: 2, text: 1 } });
    // Lengths become 5, 4, 5, 5, 4 (title terms twice): avgdl 23 / 5. a#0 tf(solar) = 2 + 1.
    const { hits } = await r.search('solar', chunkLevel());
    expect(hits[0]!.id).toBe('a#0');
    expect(hits[0]!.score).toBeCloseTo(bm25(3, 2, 5, 0.9, 0.4, 23 / 5), 8);
    // Without the title, only a#0's text mentions solar.
    const textOnly = await createWinkRetriever(CORPUS, { fieldWeights: { title: 0, text: 1 } }).search(
      'solar',
      chunkLevel(),
    );
    expect(textOnly.hits.map((h) => h.id)).toEqual(['a#0']);
    expect(textOnly.hits[0]!.score).toBeCloseTo(bm25(1, 1, 3, 0.9, 0.4, 13 / 5), 8);
  });

  it('turns stemming and stop words off at index and query time alike', async () => {
    const unstemmed = createWinkRetriever(CORPUS, { stem: false });
    expect((await unstemmed.search('farm', chunkLevel())).hits.map((h) => h.id)).toEqual(['a#1']);
    expect((await unstemmed.search('farms', chunkLevel())).hits.map((h) => h.id)).toEqual(['b#0']);
    const withStops = createWinkRetriever(CORPUS, { stopwords: false });
    // a#1 and d#0 tie on "the": ids descending.
    expect((await withStops.search('the', chunkLevel())).hits.map((h) => h.id)).toEqual(['d#0', 'a#1']);
  });

  it('returns no hits for queries with nothing left after analysis', async () => {
    const r = createWinkRetriever(CORPUS);
    for (const q of ['the and of', '', '  ?!  ', '"" ()', 'unknownword']) {
      expect((await r.search(q, chunkLevel())).hits).toEqual([]);
      expect((await r.search(q, docLevel())).hits).toEqual([]);
    }
  });

  it('treats FTS5-like syntax as plain words and never throws', async () => {
    const r = createWinkRetriever(CORPUS);
    const plain = (await r.search('solar wind', chunkLevel())).hits;
    expect(plain.length).toBeGreaterThan(0);
    for (const q of [
      '"solar wind"',
      'NEAR(solar wind)',
      'solar* wind*',
      'solar AND wind',
      'solar OR NOT wind',
      'title:solar wind',
      '(solar wind',
      'solar) wind)) "',
      '^solar -wind + {col}: ',
    ]) {
      // "near", "titl", "col" are not in the vocabulary; and/or/not are stop words.
      await expect(r.search(q, chunkLevel())).resolves.toEqual({ hits: plain, timings: expect.any(Object) });
    }
  });

  it('collapses chunks to documents by their best chunk and still fills k documents', async () => {
    const r = createWinkRetriever(CORPUS);
    // Both of a's chunks outrank b#0 for "solar farm", so the top 2 chunks are one document.
    const chunks = (await r.search('solar farm', chunkLevel(2))).hits;
    expect(chunks.map((h) => h.docId)).toEqual(['a', 'a']);
    const docs = (await r.search('solar farm', docLevel(2))).hits;
    expect(docs).toEqual([
      { id: 'a', docId: 'a', chunkId: 'a#1', score: chunks[0]!.score, rank: 1 },
      { id: 'b', docId: 'b', chunkId: 'b#0', score: expect.closeTo(bm25(1, 2, 4, 0.9, 0.4), 8), rank: 2 },
    ]);
  });

  it("breaks score ties by id descending (trec_eval's order), whatever the indexing order", async () => {
    // Identical chunks score identically; index them in ascending id order.
    const same = ['a#0', 'b#0', 'm#0', 'z#0'].map((id) => chunk(id, 'Tie', 'equal words here'));
    const r = createWinkRetriever([...same, chunk('q#0', 'Other', 'unrelated text')]);
    const { hits } = await r.search('equal', chunkLevel(3));
    expect(hits.map((h) => [h.id, h.rank])).toEqual([
      ['z#0', 1],
      ['m#0', 2],
      ['b#0', 3],
    ]);
    expect(new Set(hits.map((h) => h.score)).size).toBe(1);
    const docs = await r.search('equal', docLevel(2));
    expect(docs.hits.map((h) => h.id)).toEqual(['z', 'm']);
  });

  it('needs at least 3 chunks', () => {
    for (const n of [0, 1, 2]) {
      expect(() => createWinkRetriever(CORPUS.slice(0, n))).toThrow(InputError);
      expect(() => createWinkRetriever(CORPUS.slice(0, n))).toThrow('wink BM25 needs at least 3 chunks');
    }
    expect(() => createWinkRetriever(CORPUS.slice(0, 3))).not.toThrow();
  });

  it('rejects duplicate chunk ids and out-of-range parameters', () => {
    expect(() => createWinkRetriever([...CORPUS, CORPUS[0]!])).toThrow(InputError);
    expect(() => createWinkRetriever(CORPUS, { b: 1.5 })).toThrow(InputError);
    expect(() => createWinkRetriever(CORPUS, { k1: -1 })).toThrow(InputError);
    expect(() => createWinkRetriever(CORPUS, { k1: Number.NaN })).toThrow(InputError);
    expect(() => createWinkRetriever(CORPUS, { fieldWeights: { title: 0, text: 0 } })).toThrow(InputError);
  });
});
