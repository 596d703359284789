import { describe, expect, it } from 'vitest';
import { compareHits } from '../../src/ranking/rank.js';
import type { Hit, Level, Retriever } from '../../src/retrievers/types.js';

/**
 * The behaviour every retriever promises, run against each implementation (as Hono runs one
 * suite against every router). `corpus` names the documents and chunk ids the index holds.
 */
export interface ContractSubject {
  name: string;
  make: () => Promise<Retriever>;
  corpus: { docIds: Set<string>; chunkIds: Set<string> };
  /** A query with an obvious answer, and that answer's document id. */
  known: { query: string; docId: string };
  /**
   * Single retrievers score a document as its best chunk. Hybrid instead fuses the legs'
   * document rankings (each leg ranks a document by its best chunk), so it opts out.
   */
  fusesDocumentLists?: boolean;
}

const HOSTILE = [
  '"',
  '""',
  '"unbalanced',
  'NEAR(',
  'NEAR(a b, 3)',
  'a*',
  '*',
  '^start',
  'AND OR NOT',
  'title:install',
  'text:(a OR b',
  '((()',
  ')',
  '-',
  'a - b',
  '\u0000',
  '\ud800 lone surrogate',
  'مرحبا بالعالم',
  'שלום',
  'e\u0301\u0301\u0301',
  '🔥🚀',
  '   ',
  'x'.repeat(2000),
];

export function retrieverContract(subject: ContractSubject): void {
  describe(`${subject.name}: retriever contract`, () => {
    const search = async (q: string, k: number, level: Level) =>
      (await (await subject.make()).search(q, { k, level })).hits;

    it('returns at most k hits, ranked 1..n, in the shared order (score desc, then id asc)', async () => {
      for (const level of ['chunk', 'doc'] as const) {
        const hits = await search(subject.known.query, 3, level);
        expect(hits.length).toBeGreaterThan(0);
        expect(hits.length).toBeLessThanOrEqual(3);
        expect(hits.map((h) => h.rank)).toEqual(hits.map((_, i) => i + 1));
        for (let i = 1; i < hits.length; i++) expect(compareHits(hits[i - 1]!, hits[i]!)).toBeLessThanOrEqual(0);
        for (const h of hits) expect(Number.isFinite(h.score)).toBe(true);
      }
    });

    it('finds the obvious answer first at document level', async () => {
      const hits = await search(subject.known.query, 5, 'doc');
      expect(hits[0]?.docId).toBe(subject.known.docId);
    });

    it('chunk level: ids are chunks of known documents; doc level: one hit per document, carrying its chunk', async () => {
      const chunks = await search(subject.known.query, 10, 'chunk');
      for (const h of chunks) {
        expect(subject.corpus.chunkIds.has(h.id)).toBe(true);
        expect(h.chunkId).toBe(h.id);
        expect(h.id.startsWith(h.docId + '#')).toBe(true);
      }
      const docs = await search(subject.known.query, 10, 'doc');
      expect(new Set(docs.map((h) => h.id)).size).toBe(docs.length);
      for (const h of docs) {
        expect(h.id).toBe(h.docId);
        expect(subject.corpus.docIds.has(h.id)).toBe(true);
        expect(subject.corpus.chunkIds.has(h.chunkId)).toBe(true);
      }
    });

    // Registered only where it applies, so no test shows up as skipped.
    if (!subject.fusesDocumentLists)
      it('a document scores as its best chunk', async () => {
        const chunks = await search(subject.known.query, 1000, 'chunk');
        const docs = await search(subject.known.query, 1000, 'doc');
        for (const d of docs) {
          const best = Math.max(...chunks.filter((c) => c.docId === d.docId).map((c) => c.score));
          expect(d.score).toBeCloseTo(best, 6);
        }
      });

    it('the top k is a prefix of the top k+n (k does not change the ranking)', async () => {
      const few = await search(subject.known.query, 2, 'chunk');
      const many = await search(subject.known.query, 8, 'chunk');
      expect(many.slice(0, few.length).map(key)).toEqual(few.map(key));
    });

    it('is deterministic', async () => {
      expect((await search(subject.known.query, 10, 'doc')).map(key)).toEqual(
        (await search(subject.known.query, 10, 'doc')).map(key),
      );
    });

    it('answers hostile and odd queries with a list (maybe empty), never an error', async () => {
      for (const q of HOSTILE) {
        const hits = await search(q, 5, 'chunk');
        expect(Array.isArray(hits)).toBe(true);
        expect(hits.length).toBeLessThanOrEqual(5);
      }
    });
  });
}

const key = (h: Hit) => `${h.id}@${h.rank}`;
