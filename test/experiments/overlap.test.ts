import { describe, expect, it } from 'vitest';
import type { Query } from '../../src/corpus/index.js';
import { overlapBySource } from '../../src/experiments/overlap-by-source.js';
import { queryOverlaps, termOverlap, type OverlapAnalysis } from '../../src/experiments/overlap.js';

const query = (id: string, text: string, source?: string): Query => ({
  id,
  text,
  metadata: source === undefined ? {} : { source },
});

/** Lower-cased words, "the" and "of" dropped: a stand-in analyser whose terms are easy to follow. */
const words = (text: string) => (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => w !== 'the' && w !== 'of');
const DOCS: Record<string, string> = {
  quota: 'The storage quota of a workspace is 100 GB',
  ports: 'Harbor listens on port 7400',
  signin: 'Sign in with your email',
};
const analysis: OverlapAnalysis & { documentsAnalysed: string[] } = {
  tokenizer: 'test',
  documentsAnalysed: [],
  queryTerms: words,
  documentTerms(docId) {
    analysis.documentsAnalysed.push(docId);
    return words(DOCS[docId] ?? '');
  },
};

describe('termOverlap', () => {
  it('is the share of distinct query terms found in the documents', () => {
    // distinct terms: storage, quota, size (storage repeated counts once); 2 of 3 in the set.
    expect(termOverlap(['storage', 'quota', 'storage', 'size'], new Set(['storage', 'quota', 'gb']))).toEqual({
      terms: 3,
      found: 2,
      overlap: 2 / 3,
    });
  });

  it('a query with no terms has no overlap (NaN), not 0', () => {
    expect(termOverlap([], new Set(['x'])).overlap).toBeNaN();
  });
});

describe('queryOverlaps', () => {
  it('counts a term found in any relevant document (their union), each document analysed once', () => {
    analysis.documentsAnalysed.length = 0;
    const queries = [
      // storage, quota, harbor, port: storage and quota in "quota", harbor and port in "ports".
      query('q1', 'storage quota of the harbor port', 'real'),
      // harbor, port, number: harbor and port are in "ports" -> 2/3.
      query('q2', 'harbor port number', 'real'),
      // no relevant document listed: not measured.
      query('q3', 'anything'),
    ];
    const relevant = new Map([
      ['q1', ['quota', 'ports']],
      ['q2', ['ports']],
    ]);
    const overlaps = queryOverlaps(queries, relevant, analysis);
    expect(overlaps.get('q1')).toEqual({ terms: 4, found: 4, overlap: 1 });
    expect(overlaps.get('q2')).toEqual({ terms: 3, found: 2, overlap: 2 / 3 });
    expect(overlaps.has('q3')).toBe(false);
    expect(analysis.documentsAnalysed.sort()).toEqual(['ports', 'quota']);
  });
});

describe('overlapBySource', () => {
  const overlap = (o: number) => ({ terms: 1, found: o, overlap: o });
  it('means per source value, larger groups first, queries without terms counted apart', () => {
    const queries = [
      query('r1', 'a', 'real'),
      query('r2', 'b', 'real'),
      query('r3', 'c', 'real'),
      query('s1', 'd', 'synthetic'),
      query('s2', 'e', 'synthetic'),
      query('n1', 'f'),
    ];
    const overlaps = new Map([
      ['r1', overlap(0)],
      ['r2', overlap(0.5)],
      ['r3', { terms: 0, found: 0, overlap: NaN }],
      ['s1', overlap(1)],
      ['s2', overlap(0.75)],
      ['n1', overlap(0.25)],
    ]);
    expect(overlapBySource(queries, overlaps, 'english')).toEqual({
      tokenizer: 'english',
      sources: [
        { source: 'real', queries: 2, meanOverlap: (0 + 0.5) / 2, withoutTerms: 1 },
        { source: 'synthetic', queries: 2, meanOverlap: (1 + 0.75) / 2, withoutTerms: 0 },
        { source: '(none)', queries: 1, meanOverlap: 0.25, withoutTerms: 0 },
      ],
    });
  });

  it('undefined when no query carries a source tag', () => {
    expect(overlapBySource([query('q1', 'a')], new Map([['q1', overlap(1)]]), 'english')).toBeUndefined();
  });
});
