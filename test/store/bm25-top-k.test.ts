import Database from 'better-sqlite3';
import fc from 'fast-check';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/indexing/build-index.js';
import type { Level } from '../../src/ranking/hit.js';
import type { FilterSpec } from '../../src/schemas/filter-spec.js';
import { matchOf } from '../../src/store/bm25-sql.js';
import { bm25TopK, type Bm25Source, type LowerBoundRows } from '../../src/store/bm25-top-k.js';
import { IndexReader } from '../../src/store/index-reader.js';
import { writeJsonl } from '../helpers/lexical-fixtures.js';
import { tmpDir } from '../helpers/tmp.js';
import { createOracle } from './bm25-oracle.js';
import { buildFilterIndex, FILTER_DOCS } from './filter-fixture.js';

/**
 * The top-k path of FTS5 BM25 (store/bm25-top-k.ts: top-LIMIT statements, MaxScore pruning,
 * the cut checked) must return exactly what the formulation it replaced returns (bm25-oracle.ts:
 * every match scored, materialised and sorted in SQL): the same units, chunks, scores to the bit
 * and order, ties included (score descending, then id descending in byte order; a document's
 * best chunk ties to the smallest chunk id), with and without filters, at both levels.
 */

// A seeded corpus where pruning has work to do: Zipfian words (a few in most chunks, most in a
// handful), exact duplicates (ties), chunks repeated inside a document (ties for its best chunk),
// and ids whose byte order differs from JavaScript's string order (astral vs U+E000..U+FFFF).
const VOCAB = Array.from({ length: 400 }, (_, i) => `w${i}`);
const ODD_IDS = ['\u{1F600}a', '\uFFFDa', '\uE000a', 'Éa', 'éa', 'A', 'a', 'a!', 'a#', 'a-b', 'z'];

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

function zipfCorpus(n: number, seed: number) {
  const rand = lcg(seed);
  const weights = VOCAB.map((_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const word = () => {
    let x = rand() * total;
    for (let i = 0; i < weights.length; i++) if ((x -= weights[i]!) <= 0) return VOCAB[i]!;
    return VOCAB[VOCAB.length - 1]!;
  };
  const words = (m: number) => Array.from({ length: m }, word).join(' ');
  const langs = ['en', 'de', 'fr'];
  const docs: { _id: string; title: string; text: string; metadata: Record<string, unknown> }[] = [];
  for (let i = 0; i < n; i++) {
    const id = i < ODD_IDS.length ? ODD_IDS[i]! : `d${i}`;
    const metadata = { language: langs[i % 3]!, year: 2000 + (i % 7) };
    if (i >= ODD_IDS.length && rand() < 0.08) {
      // An exact copy of an earlier document under another id: same scores, tie-broken by id.
      const copy = docs[Math.floor(rand() * docs.length)]!;
      docs.push({ _id: id, title: copy.title, text: copy.text, metadata: { ...copy.metadata } });
      continue;
    }
    const chunkText = words(8);
    // Some documents say the same eight words over and over: their chunks tie.
    const text =
      rand() < 0.05
        ? Array.from({ length: 3 + Math.floor(rand() * 10) }, () => chunkText).join(' ')
        : words(4 + Math.floor(rand() * 40));
    docs.push({ _id: id, title: rand() < 0.5 ? words(1 + Math.floor(rand() * 3)) : '', text, metadata });
  }
  // One text under every ODD_IDS id, with a word no other document has: they tie at the top,
  // and only their ids' byte order tells them apart.
  docs[0] = { ...docs[0]!, title: '', text: `tieword tieword ${docs[0]!.text}` };
  for (let i = 1; i < ODD_IDS.length; i++) docs[i] = { ...docs[0]!, _id: ODD_IDS[i]!, metadata: docs[i]!.metadata };
  return docs;
}

const FILTERS: (FilterSpec | undefined)[] = [
  undefined,
  { lang: 'de' },
  { lang: { in: ['en', 'fr'] } },
  { year: { gte: 2004 } },
  { year: 2001, lang: 'fr' },
];

/** Records what bm25TopK asked of a source (phrases searched, with candidates or not, limit): the proof that pruning ran. */
function recorded(source: Bm25Source) {
  const calls: { phrases: number; candidates: boolean; limit: number }[] = [];
  const wrapped: Bm25Source = {
    rowCount: source.rowCount,
    docFrequency: (p) => source.docFrequency(p),
    top: (phrases, candidates, limit) => {
      calls.push({ phrases: phrases.length, candidates: candidates !== undefined, limit });
      return source.top(phrases, candidates, limit);
    },
  };
  return { calls, wrapped };
}

/** How many chunks the lower-bound search may score: the default, none (no pruning), and others (each the same ranking). */
const LOWER_BOUNDS: Record<string, LowerBoundRows | undefined> = {
  default: undefined,
  never: () => 0,
  tiny: () => 3,
  half: (_k, postings) => postings / 2,
  // All phrases but the commonest: the strongest bound short of the whole query.
  most: (_k, postings) => postings - 1,
};

describe.each([
  { tokenizer: 'unicode61', chunker: 'words:8' },
  { tokenizer: 'english', chunker: 'words:8' },
  { tokenizer: 'porter', chunker: 'doc' },
  // Every quoted term a phrase of trigrams; terms under three characters match nothing.
  { tokenizer: 'trigram', chunker: 'words:8' },
])('bm25TopK equals the materialise-and-sort oracle ($tokenizer, $chunker)', ({ tokenizer, chunker }) => {
  const dir = tmpDir('bm25-top-k-');
  let reader: IndexReader;
  let db: Database.Database;
  let oracle: ReturnType<typeof createOracle>;
  const docs = zipfCorpus(1500, tokenizer.length * 7 + chunker.length);
  beforeAll(async () => {
    const corpus = path.join(dir, 'corpus.jsonl');
    writeJsonl(corpus, docs);
    const out = path.join(dir, 'index.sqlite');
    await buildIndex({ corpus, out, chunker, embedder: 'none', tokenizer, detectLanguage: false });
    reader = IndexReader.open(out);
    db = new Database(out, { readonly: true });
    oracle = createOracle(db);
  });
  afterAll(() => {
    reader.close();
    db.close();
  });

  const expectSame = (
    phrases: string[],
    level: Level,
    k: number,
    filterSpec: FilterSpec | undefined,
    lowerBound?: LowerBoundRows,
    source?: Bm25Source,
  ) => {
    const filter = filterSpec && reader.compileFilter(filterSpec);
    const expected = oracle(matchOf(phrases), level, k, filter?.sql);
    const got = bm25TopK(
      source ?? reader.bm25Source(filter),
      phrases,
      level,
      k,
      reader.meta.counts.maxChunksPerDoc,
      lowerBound,
    );
    expect(got, `${level} k ${k} ${matchOf(phrases)} ${JSON.stringify(filterSpec)}`).toEqual(expected);
    return expected;
  };

  it('the corpus is what the test needs: several chunks per document (words:8), rare and common words', () => {
    if (chunker === 'words:8') expect(reader.meta.counts.maxChunksPerDoc).toBeGreaterThan(3);
    else expect(reader.meta.counts.maxChunksPerDoc).toBe(1);
    const source = reader.bm25Source();
    if (tokenizer === 'trigram') {
      expect(source.docFrequency('w0')).toBe(0);
      expect(source.docFrequency('w10')).toBeGreaterThan(source.docFrequency('w109'));
    } else expect(source.docFrequency('w0')).toBeGreaterThan(source.rowCount / 2);
    expect(source.docFrequency('w399')).toBeLessThan(60);
  });

  it('random queries, k, levels, filters and lower-bound budgets (property, against the oracle)', () => {
    const calls: ReturnType<typeof recorded>['calls'] = [];
    const phrase = fc.oneof(
      fc.constantFrom(...VOCAB.slice(0, 10)), // in most chunks
      fc.constantFrom(...VOCAB.slice(10, 100)),
      fc.constantFrom(...VOCAB.slice(100)), // in a handful
      fc.constantFrom('absent', 'w0 w1', 'W3'), // no match; a two-token phrase; FTS5 folds the case
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(phrase, { minLength: 1, maxLength: 9 }),
        fc.constantFrom<Level>('chunk', 'doc'),
        fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 13, max: 300 })),
        fc.constantFrom(...FILTERS.keys()),
        fc.constantFrom(...Object.keys(LOWER_BOUNDS)),
        (phrases, level, k, f, lb) => {
          const filterSpec = FILTERS[f];
          const sourceFor = recorded(reader.bm25Source(filterSpec && reader.compileFilter(filterSpec)));
          expectSame(phrases, level, k, filterSpec, LOWER_BOUNDS[lb], sourceFor.wrapped);
          calls.push(...sourceFor.calls);
        },
      ),
      { numRuns: 300 },
    );
    // Pruning ran (chunks restricted to candidates) in a good share of the cases.
    expect(calls.filter((c) => c.candidates).length).toBeGreaterThan(40);
  });

  it('the default path through IndexReader.bm25, over every level, k and filter', () => {
    for (const phrases of [
      ['w0', 'w1', 'w2'],
      ['w350', 'w5', 'w120', 'w0'],
      ['w399'],
      ['w7', 'w77', 'w277', 'absent'],
    ]) {
      for (const level of ['chunk', 'doc'] as const) {
        for (const k of [1, 10, 100, 1000]) {
          for (const f of FILTERS) {
            const filter = f && reader.compileFilter(f);
            expect(reader.bm25(phrases, level, k, filter)).toEqual(oracle(matchOf(phrases), level, k, filter?.sql));
          }
        }
      }
    }
  });

  // The ODD_IDS documents are one text, the only one saying `tieword`: they tie at the top.
  const tieQuery = () => ['tieword', ...new Set(docs[0]!.text.split(' '))].slice(0, 9);

  it('ties: duplicates rank by id descending in byte order, astral ids above U+E000..U+FFFF', () => {
    for (const level of ['chunk', 'doc'] as const) {
      const rows = expectSame(tieQuery(), level, ODD_IDS.length + 5, undefined);
      const top = rows.slice(0, ODD_IDS.length);
      expect(new Set(top.map((r) => r.score)).size).toBe(1);
      // Byte order: U+1F600 (F0 9F ...) > U+FFFD (EF BF BD) > U+E000 (EE 80 80) > é > É > z > a-b >
      // a# > a! > a > A. Chunks rank by their own ids: `a#0` (61 23 30) comes before `a##0` (61 23 23).
      const docOrder = ['\u{1F600}a', '\uFFFDa', '\uE000a', 'éa', 'Éa', 'z', 'a-b', 'a#', 'a!', 'a', 'A'];
      const chunkOrder = ['\u{1F600}a', '\uFFFDa', '\uE000a', 'éa', 'Éa', 'z', 'a-b', 'a', 'a#', 'a!', 'A'];
      const order = level === 'doc' ? docOrder : chunkOrder;
      expect(top.map((r) => r.docId)).toEqual(order);
      expect(top.map((r) => r.chunkId)).toEqual(order.map((id) => `${id}#0`));
    }
  });

  it('a tie across the cut wider than the margin: the limit grows until the tied group is whole', () => {
    for (const level of ['chunk', 'doc'] as const) {
      // Eleven tied units; the first limit is k + 2 (chunk level) or 2k + 2 (document level) here.
      for (const k of [1, 2, 3, 4]) {
        const source = recorded(reader.bm25Source());
        expectSame(tieQuery(), level, k, undefined, undefined, source.wrapped);
        const main = source.calls.filter((c) => c.phrases === tieQuery().length);
        expect(main.length, `${level} ${k}`).toBeGreaterThan(1);
        expect(main[1]!.limit).toBeGreaterThan(main[0]!.limit);
      }
    }
  });
});

describe('bm25TopK on the filter fixture (every chunk says "password")', () => {
  const dir = tmpDir('bm25-top-k-filter-');
  let reader: IndexReader;
  let db: Database.Database;
  beforeAll(async () => {
    const file = await buildFilterIndex(dir, 'none');
    reader = IndexReader.open(file);
    db = new Database(file, { readonly: true });
  });
  afterAll(() => {
    reader.close();
    db.close();
  });

  it('equals the oracle at both levels, every k, with and without filters', () => {
    const oracle = createOracle(db);
    const filters: (FilterSpec | undefined)[] = [
      undefined,
      { lang: 'en' },
      { type: 'faq' },
      { year: { gte: 2021 } },
      { draft: true },
      { 'source.kind': 'web' },
      { type: 'none-such' },
    ];
    for (const phrases of [['password'], ['password', 'reset', 'hilfe'], ['page', 'password', 'ici'], ['none']]) {
      for (const level of ['chunk', 'doc'] as const) {
        for (let k = 1; k <= FILTER_DOCS.length * 2 + 1; k++) {
          for (const f of filters) {
            const filter = f && reader.compileFilter(f);
            for (const lb of Object.values(LOWER_BOUNDS)) {
              const got = bm25TopK(
                reader.bm25Source(filter),
                phrases,
                level,
                k,
                reader.meta.counts.maxChunksPerDoc,
                lb,
              );
              expect(got, `${level} ${k} ${phrases} ${JSON.stringify(f)}`).toEqual(
                oracle(matchOf(phrases), level, k, filter?.sql),
              );
            }
          }
        }
      }
    }
  });

  it('k 0 and no phrase: no rows, no query', () => {
    const source: Bm25Source = {
      rowCount: 1,
      docFrequency: () => expect.fail('asked'),
      top: () => expect.fail('asked'),
    };
    expect(bm25TopK(source, ['password'], 'doc', 0, 2)).toEqual([]);
    expect(bm25TopK(source, [], 'chunk', 10, 2)).toEqual([]);
  });
});
