import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/indexing/build-index.js';
import { bm25Analysis } from '../../src/store/bm25-analysis.js';
import { openLexicalIndex } from '../../src/retrievers/postings-lexical-index.js';
import type { LexicalIndex } from '../../src/retrievers/lexical-index.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { rm3Weights } from '../../src/legs/rm3.js';
import { feedbackDocs } from '../../src/retrievers/expansion/feedback.js';
import type { Searcher } from '../../src/search/searcher.js';
import { lexicalSearcher } from '../helpers/lexical-fixtures.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

const QUERIES = fs
  .readFileSync(path.join(TINY_BEIR, 'queries.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => (JSON.parse(line) as { text: string }).text);

/**
 * The expansion legs on a real index (the tiny fixture, several chunks a document): what they
 * score is the lexical index's weighted BM25 of the terms they say they expanded to, and those
 * terms are the model's weights over the first pass's chunks.
 */
describe('expansion legs over a built index', () => {
  const dir = tmpDir('expansion-legs-');
  let searcher: Searcher;
  let index: LexicalIndex;
  beforeAll(async () => {
    const out = path.join(dir, 'tiny.sqlite');
    await buildIndex({ corpus: TINY_BEIR, out, chunker: 'words:12:4', embedder: 'none', tokenizer: 'porter' });
    searcher = lexicalSearcher('tiny', out);
    const { reader } = searcher;
    index = openLexicalIndex(
      reader.postingsSource()!,
      bm25Analysis(reader.meta.tokenizer, reader.meta.languages ?? {}),
      (id) => reader.analysedText(id),
    );
  });
  afterAll(() => searcher.close());

  const searchWith = async (leg: Record<string, unknown>, query: string, k = 10) =>
    searcher.search({ query, pipeline: parsePipeline({ legs: [leg], k, level: 'chunk' }) });

  it('weighted BM25: each hit scores Σ weight × its single-term score, found by the same pruning as an exhaustive scan', () => {
    const terms = index.analysis.queryTerms(QUERIES.join(' '), undefined);
    const distinct = [...new Set(terms)].slice(0, 6);
    expect(distinct.length).toBeGreaterThan(3);
    // Each term alone over every chunk: the exhaustive reference.
    const single = new Map(
      distinct.map((term) => [
        term,
        new Map(
          index.scoreTerms([{ term, weight: 1 }], { k: 100_000, level: 'chunk' }).hits.map((h) => [h.id, h.score]),
        ),
      ]),
    );
    const weights = [0.25, 3, 1.5, 0.75, 2, 0.1];
    const weighted = distinct.map((term, i) => ({ term, weight: weights[i]! }));
    const expected = new Map<string, number>();
    for (const { term, weight } of weighted)
      for (const [id, score] of single.get(term)!) expected.set(id, weight * score + (expected.get(id) ?? 0));
    const top = index.scoreTerms(weighted, { k: 5, level: 'chunk' }).hits;
    expect(top).toHaveLength(5);
    const ranked = [...expected].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? 1 : -1));
    expect(top.map((h) => h.id)).toEqual(ranked.slice(0, 5).map(([id]) => id));
    for (const h of top) expect(h.score).toBe(expected.get(h.id));
  });

  it('a term given twice at weight 1 scores as the term once at weight 2', () => {
    const [term] = index.analysis.queryTerms(QUERIES[0]!, undefined);
    const twice = index.scoreTerms(
      [
        { term: term!, weight: 1 },
        { term: term!, weight: 1 },
      ],
      { k: 10, level: 'doc' },
    );
    const doubled = index.scoreTerms([{ term: term!, weight: 2 }], { k: 10, level: 'doc' });
    expect(twice.hits.length).toBeGreaterThan(0);
    expect(twice.hits).toEqual(doubled.hits);
  });

  it('term vectors hold exactly the terms the postings hold for the chunk', () => {
    const [hit] = index.scoreTerms([{ term: index.analysis.queryTerms(QUERIES[0]!, undefined)[0]!, weight: 1 }], {
      k: 1,
      level: 'chunk',
    }).hits;
    const vector = index.termVector(hit!.chunkId)!;
    expect(vector.size).toBeGreaterThan(2);
    for (const [term, tf] of vector) {
      // The chunk is among the term's postings: a search for the term alone returns it.
      const all = index.scoreTerms([{ term, weight: 1 }], { k: 100_000, level: 'chunk' }).hits.map((h) => h.id);
      expect(all, term).toContain(hit!.chunkId);
      expect(tf).toBeGreaterThan(0);
    }
    // Collection frequency: at least the chunk's own count, and df <= cf.
    for (const [term, tf] of vector) {
      const stats = index.termStats(term)!;
      expect(stats.cf).toBeGreaterThanOrEqual(tf);
      expect(stats.cf).toBeGreaterThanOrEqual(stats.df);
    }
  });

  for (const leg of [{ type: 'rm3' }, { type: 'rocchio' }, { type: 'bo1', fb_docs: 3 }]) {
    it(`${leg.type}: returns the weighted BM25 of the expansion it reports, for every query of the fixture`, async () => {
      let expandedBeyondQuery = 0;
      for (const query of QUERIES) {
        const res = await searchWith(leg, query);
        const terms = res.expansions?.[leg.type];
        expect(terms, query).toBeDefined();
        const direct = index.scoreTerms(terms!, { k: 10, level: 'chunk' });
        expect(
          res.hits.map((h) => [h.id, h.score]),
          query,
        ).toEqual(direct.hits.map((h) => [h.id, h.score]));
        const own = new Set(index.analysis.queryTerms(query, undefined));
        if (terms!.some((t) => !own.has(t.term))) expandedBeyondQuery++;
      }
      expect(expandedBeyondQuery).toBeGreaterThan(0);
    });
  }

  it('rm3: the reported expansion is rm3Weights over the first pass top fb_docs chunks', async () => {
    const query = QUERIES[0]!;
    const res = await searchWith({ type: 'rm3', fb_docs: 4, fb_terms: 5, original_weight: 0.3 }, query);
    const queryTerms = index.analysis.queryTerms(query, undefined);
    const feedback = feedbackDocs(index, queryTerms, 4, undefined);
    expect(feedback).toHaveLength(4);
    expect(res.expansions!.rm3).toEqual(rm3Weights(index, queryTerms, feedback, { fbTerms: 5, originalWeight: 0.3 }));
  });

  it('explains itself for --explain: the feedback chunks, best first, and the weighted query', async () => {
    const query = QUERIES[1]!;
    const pipeline = parsePipeline({ legs: [{ type: 'bo1' }], k: 10, level: 'doc' });
    const [explained] = await searcher.explainLegs(pipeline, query);
    const first = index.scoreTerms(
      index.analysis.queryTerms(query, undefined).map((term) => ({ term, weight: 1 })),
      { k: 3, level: 'chunk' },
    );
    expect(explained!.explanation.expansion!.feedback).toEqual(
      first.hits.map((h) => ({ chunkId: h.chunkId, score: h.score })),
    );
    const res = await searcher.search({ query, pipeline });
    expect(explained!.explanation.expansion!.terms).toEqual(res.expansions!.bo1);
  });

  it('refuses out-of-range parameters when the pipeline is read, naming the field', () => {
    expect(() => parsePipeline({ legs: [{ type: 'rm3', original_weight: 1.5 }] })).toThrow(/original_weight/);
    expect(() => parsePipeline({ legs: [{ type: 'bo1', fb_docs: 0 }] })).toThrow(/fb_docs/);
    expect(() => parsePipeline({ legs: [{ type: 'rocchio', k1: -1 }] })).toThrow(/k1/);
    expect(() => parsePipeline({ legs: [{ type: 'rocchio', alpha: 0, beta: 0 }] })).toThrow(/alpha and beta/);
  });
});
