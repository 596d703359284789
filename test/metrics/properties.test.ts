import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hitAt } from '../../src/metrics/hit.js';
import { metricRows } from '../../src/metrics/metric-registry.js';
import { averagePrecision } from '../../src/metrics/average-precision.js';
import { ndcgAt } from '../../src/metrics/ndcg.js';
import { recallAt } from '../../src/metrics/recall.js';

const IDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'];

/** Judgements over part of the id pool, grades -1..3 (-1 is trec_eval's "pooled, not judged"). */
const judgedEntries = fc.uniqueArray(fc.tuple(fc.constantFrom(...IDS), fc.integer({ min: -1, max: 3 })), {
  selector: ([id]) => id,
  maxLength: 8,
});
/** A ranking may hold judged and unjudged ids, each at most once. */
const ranking = fc.uniqueArray(fc.constantFrom(...IDS), { maxLength: 12 });
const k = fc.integer({ min: 1, max: 15 });
const threshold = fc.integer({ min: 0, max: 3 });

describe('metric properties', () => {
  it('recall@k and hit@k never fall as k grows', () => {
    fc.assert(
      fc.property(ranking, judgedEntries, k, fc.integer({ min: 0, max: 10 }), threshold, (r, entries, k1, more, t) => {
        const judged = new Map(entries);
        expect(recallAt(r, judged, k1 + more, t)).toBeGreaterThanOrEqual(recallAt(r, judged, k1, t));
        expect(hitAt(r, judged, k1 + more, t)).toBeGreaterThanOrEqual(hitAt(r, judged, k1, t));
      }),
    );
  });

  it('hit@k is whether recall@k is above 0: they differ once a query has two relevant documents', () => {
    fc.assert(
      fc.property(ranking, judgedEntries, k, threshold, (r, entries, k1, t) => {
        const judged = new Map(entries);
        expect(hitAt(r, judged, k1, t)).toBe(recallAt(r, judged, k1, t) > 0 ? 1 : 0);
      }),
    );
  });

  it('nDCG@k lies in [0, 1]', () => {
    fc.assert(
      fc.property(ranking, judgedEntries, fc.option(k, { nil: undefined }), (r, entries, cut) => {
        const value = ndcgAt(r, new Map(entries), cut, 1);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('a perfect ranking (judged documents by grade, highest first) has nDCG 1 and AP 1', () => {
    fc.assert(
      fc.property(judgedEntries, ranking, k, fc.integer({ min: 1, max: 3 }), (entries, tail, k1, t) => {
        const judged = new Map(entries);
        const best = [...entries].sort((x, y) => y[1] - x[1]).map(([id]) => id);
        const perfect = [...best, ...tail.filter((id) => !judged.has(id))];
        if (entries.some(([, g]) => g > 0)) expect(ndcgAt(perfect, judged, k1, t)).toBeCloseTo(1, 12);
        if (entries.some(([, g]) => g >= t)) expect(averagePrecision(perfect, judged, undefined, t)).toBe(1);
      }),
    );
  });

  it('no metric depends on the order of the judgements map', () => {
    fc.assert(
      fc.property(ranking, judgedEntries, fc.option(k, { nil: undefined }), threshold, (r, entries, cut, t) => {
        const orders = [entries, [...entries].reverse(), [...entries].sort(([x], [y]) => (x < y ? 1 : -1))];
        for (const { fn } of metricRows()) {
          const values = orders.map((order) => fn(r, new Map(order), cut, t));
          expect(values[1]).toBe(values[0]);
          expect(values[2]).toBe(values[0]);
        }
      }),
    );
  });

  it('every metric stays within [0, 1]', () => {
    fc.assert(
      fc.property(ranking, judgedEntries, fc.option(k, { nil: undefined }), threshold, (r, entries, cut, t) => {
        for (const { fn } of metricRows()) {
          const value = fn(r, new Map(entries), cut, t);
          expect(value >= 0 && value <= 1, `${fn.name} = ${value}`).toBe(true);
        }
      }),
    );
  });
});
