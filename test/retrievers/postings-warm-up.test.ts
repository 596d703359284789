import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { languageDetectorLoaded } from '../../src/analysis/detect-language.js';
import { createPostingsScorer, TOP_K_ALGORITHMS } from '../../src/retrievers/postings-bm25.js';
import { warmUpPostings } from '../../src/retrievers/postings-warm-up.js';
import { bm25Analysis } from '../../src/store/bm25-analysis.js';
import { type FixtureDoc, writeFixtureIndex } from '../helpers/postings-index.js';
import { lexicalSearcher } from '../helpers/lexical-fixtures.js';
import { tmpDir } from '../helpers/tmp.js';

/** 600 one-chunk documents over 40 words, word i in about 1 / (i + 1) of them: long lists and short. */
function docs(): FixtureDoc[] {
  let state = 7;
  const next = () => (state = (state * 48271) % 2147483647) / 2147483647;
  return Array.from({ length: 600 }, (_, d) => {
    const words: string[] = [];
    for (let i = 0; i < 40; i++) if (next() < 1 / (i + 1)) words.push(`t${i}`);
    return { id: `d${String(d).padStart(3, '0')}`, chunks: [{ title: '', text: words.join(' ') || 'empty' }] };
  });
}

describe('warming the postings engine when an index is opened for search', () => {
  const dir = tmpDir('postings-warm-');
  const reader = writeFixtureIndex(dir, 'warm', docs());
  afterAll(() => reader.close());
  const long = Array.from({ length: 30 }, (_, i) => ({ term: `t${i}`, weight: 1 + i / 10 }));

  it('runs every algorithm on short and long queries at two depths and both levels, and leaves no trace in the results', () => {
    const source = reader.postingsSource()!;
    const before = TOP_K_ALGORITHMS.map(
      (algorithm) => createPostingsScorer(source, {}, { algorithm })(long, { k: 50, level: 'doc' }).hits,
    );
    // Without a time budget: 3 algorithms × (short, long) × (top 10, top 1000) × (chunk, document).
    const warm = warmUpPostings(source, Number.POSITIVE_INFINITY);
    expect(warm.queries).toBe(3 * 2 * 2 * 2);
    const after = TOP_K_ALGORITHMS.map(
      (algorithm) => createPostingsScorer(source, {}, { algorithm })(long, { k: 50, level: 'doc' }).hits,
    );
    expect(after).toEqual(before);
    expect(after[1]).toEqual(after[0]);
    expect(after[2]).toEqual(after[0]);
    expect(after[0]!.length).toBe(50);
  });

  it('first reads every page of the dictionary and the blocks (overflow pages too), and a spent budget stops it', () => {
    const db = new Database(reader.file, { readonly: true });
    const [pages, bytes] = db
      .prepare("SELECT count(*), sum(pgsize) FROM dbstat WHERE name IN ('postings_terms', 'postings_blocks')")
      .raw()
      .get() as [number, number];
    db.close();
    const source = reader.postingsSource()!;
    const warm = warmUpPostings(source, Number.POSITIVE_INFINITY);
    expect(warm.prefetched).toMatchObject({ pages, bytes, complete: true });
    // With no time at all, the walk stops at its first look at the clock: after one page.
    expect(pages).toBeGreaterThan(1);
    expect(source.prefetch(-1)).toMatchObject({ pages: 1, complete: false });
  });

  it('parses the head terms, the commonest first, and puts the commonest in its short query', () => {
    // Document frequencies counted from the fixture itself, its words analysed as the index's
    // (unicode61: wink's English analysis, which stems t13 to t1i); ties broken by term, as headTerms does.
    const analyse = bm25Analysis(reader.meta.tokenizer).analyze;
    const df = new Map<string, number>();
    for (const d of docs())
      for (const t of new Set(analyse(d.chunks[0]!.text, undefined))) df.set(t, (df.get(t) ?? 0) + 1);
    const byDf = [...df].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).map(([t]) => t);
    const source = reader.postingsSource()!;
    expect(source.headTerms(5)).toEqual(byDf.slice(0, 5));
    const parsed: string[] = [];
    const counting = { ...source, term: (t: string) => (parsed.push(t), source.term(t)) };
    const warm = warmUpPostings(counting, Number.POSITIVE_INFINITY);
    const heads = Math.min(64, df.size);
    expect(parsed.slice(0, heads)).toEqual(byDf.slice(0, heads));
    expect(warm.text.split(' ')[0]).toBe(byDf[0]);
  });

  it('is what Searcher.openForSearch does before a server reports ready', async () => {
    const searcher = lexicalSearcher('warm', reader.file);
    try {
      expect(searcher.warmUp).toBeUndefined();
      await searcher.openForSearch();
      // Within its time budget: at least the first search, however loaded the machine.
      expect(searcher.warmUp?.queries).toBeGreaterThanOrEqual(1);
    } finally {
      searcher.close();
    }
  });
});

describe('opening a multilingual index for search', () => {
  const dir = tmpDir('postings-warm-multilingual-');
  const reader = writeFixtureIndex(
    dir,
    'multilingual',
    docs().map((d, i) => ({ ...d, lang: i % 2 ? 'de' : 'en' })),
    { tokenizer: 'multilingual' },
  );
  afterAll(() => reader.close());

  it('has the language detector loaded before it reports ready, so a first query never waits for it', async () => {
    const searcher = lexicalSearcher('multilingual', reader.file);
    try {
      expect(languageDetectorLoaded()).toBe(false);
      await searcher.openForSearch();
      expect(languageDetectorLoaded()).toBe(true);
      // And the whole-search warm-up ran too: it waited for the detector before.
      expect(searcher.warmUp?.text).not.toBe('');
    } finally {
      searcher.close();
    }
  });
});
