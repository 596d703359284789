import { describe, expect, it } from 'vitest';
import { createMultilingualAnalyzer } from '../../src/analysis/multilingual-analyzer.js';
import type { Chunk } from '../../src/chunking/types.js';
import { createWinkRetriever, type TermAnalysis } from '../../src/retrievers/wink-bm25.js';

function chunk(id: string, text: string): Chunk {
  return { id, docId: id, ordinal: 0, start: 0, end: text.length, title: '', text };
}

// Terms by hand (Han runs become overlapping bigrams; German is Snowball-stemmed):
//   z1 (zh)  重置密码     -> 重置 置密 密码           dl 3
//   z2 (zh)  忘记密码了   -> 忘记 记密 密码 码了      dl 4
//   z3 (zh)  安装软件     -> 安装 装软 软件           dl 3
//   g1 (de)  Pakete installieren -> paket installi  dl 2
// N = 4, total length 12, avgdl 3.
const CHUNKS = [
  chunk('z1', '重置密码'),
  chunk('z2', '忘记密码了'),
  chunk('z3', '安装软件'),
  chunk('g1', 'Pakete installieren'),
];
const LANG: Record<string, string> = { z1: 'zh', z2: 'zh', z3: 'zh', g1: 'de' };
const N = 4;
const AVGDL = 3;

/** wink's BM25 term score (k1 0.9, b 0.4, Lucene IDF, times k1 + 1). */
function bm25(tf: number, df: number, dl: number, k1 = 0.9, b = 0.4): number {
  const idf = Math.log(1 + (N - df + 0.5) / (df + 0.5));
  return (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * dl) / AVGDL));
}

const analyze = createMultilingualAnalyzer();
const analysis: TermAnalysis = {
  analyze,
  chunkLanguage: (id) => LANG[id],
  queryTerms: (query, given) => analyze(query, given),
};
const chunkLevel = { k: 10, level: 'chunk' as const };

describe('wink BM25 with the multilingual analysis', () => {
  it('finds Chinese words inside a sentence, scored by the BM25 formula over bigrams', async () => {
    const { hits } = await createWinkRetriever(CHUNKS, {}, analysis).search('密码', { ...chunkLevel, queryLang: 'zh' });
    // 密码 is one bigram, df 2, tf 1 in both; z1 is shorter, so it ranks first.
    expect(hits.map((h) => h.id)).toEqual(['z1', 'z2']);
    expect(hits[0]!.score).toBeCloseTo(bm25(1, 2, 3), 8);
    expect(hits[1]!.score).toBeCloseTo(bm25(1, 2, 4), 8);
  });

  it('the English analysis finds nothing there: 重置密码 is one token to it', async () => {
    expect((await createWinkRetriever(CHUNKS).search('密码', chunkLevel)).hits).toEqual([]);
  });

  it('analyses the query in its language: "installiere" and "Installieren" both stem to installi', async () => {
    const { hits } = await createWinkRetriever(CHUNKS, {}, analysis).search('Wie installiere ich Pakete?', {
      ...chunkLevel,
      queryLang: 'de',
    });
    // wie and ich are in no chunk; installi and paket have df 1, tf 1 in g1 (dl 2).
    expect(hits.map((h) => h.id)).toEqual(['g1']);
    expect(hits[0]!.score).toBeCloseTo(2 * bm25(1, 1, 2), 8);
  });

  it('analyses each chunk in its own stored language', async () => {
    // Were g1 taken as English, "installieren" would stem to "installieren", not "installi".
    const asEnglish: TermAnalysis = { ...analysis, chunkLanguage: (id) => (id === 'g1' ? 'en' : LANG[id]) };
    const search = (a: TermAnalysis) =>
      createWinkRetriever(CHUNKS, {}, a).search('installiere', { ...chunkLevel, queryLang: 'de' });
    expect((await search(analysis)).hits.map((h) => h.id)).toEqual(['g1']);
    expect((await search(asEnglish)).hits).toEqual([]);
  });

  it('a query with no terms left gives no hits and no error', async () => {
    const r = createWinkRetriever(CHUNKS, {}, analysis);
    expect((await r.search('', chunkLevel)).hits).toEqual([]);
    expect((await r.search('?!、。', { ...chunkLevel, queryLang: 'zh' })).hits).toEqual([]);
  });
});
