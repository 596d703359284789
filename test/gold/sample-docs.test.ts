import { describe, expect, it } from 'vitest';
import type { Doc } from '../../src/corpus/types.js';
import { MAX_PASSAGE_CHARS, passageOf, sampleDocs } from '../../src/gold/sample-docs.js';

const docs = (n: number): Doc[] =>
  Array.from({ length: n }, (_, i) => ({ id: `d${i}`, title: `T${i}`, text: `text ${i}` }));
async function* stream(list: Doc[]): AsyncGenerator<Doc> {
  yield* list;
}
const ids = async (n: number, size: number | undefined, seed: number) =>
  (await sampleDocs(stream(docs(n)), size, seed)).passages.map((p) => p.docId);

describe('sampleDocs', () => {
  it('takes every document, in order, without a size or with one at least the corpus', async () => {
    expect(await ids(4, undefined, 1)).toEqual(['d0', 'd1', 'd2', 'd3']);
    expect(await ids(4, 9, 1)).toEqual(['d0', 'd1', 'd2', 'd3']);
    expect((await sampleDocs(stream(docs(4)), 2, 1)).total).toBe(4);
  });

  it('draws the same documents for the same seed, in corpus order, without repeats', async () => {
    const a = await ids(50, 7, 123);
    expect(await ids(50, 7, 123)).toEqual(a);
    expect(new Set(a).size).toBe(7);
    expect([...a].sort((x, y) => Number(x.slice(1)) - Number(y.slice(1)))).toEqual(a);
  });

  it('draws each document with probability size / n over seeds', async () => {
    // 10 documents, 3 drawn, 3000 seeds: each document expected 3000 * 3/10 = 900 times, with a
    // standard deviation of sqrt(3000 * 0.3 * 0.7) ≈ 25; 5 of them (±125) is far beyond chance.
    const counts = new Map<string, number>();
    for (let seed = 0; seed < 3000; seed++)
      for (const id of await ids(10, 3, seed)) counts.set(id, (counts.get(id) ?? 0) + 1);
    expect(counts.size).toBe(10);
    for (const n of counts.values()) expect(Math.abs(n - 900)).toBeLessThan(125);
  });
});

describe('passageOf', () => {
  it('keeps a short text whole and cuts a long one at the last space before the limit', () => {
    expect(passageOf({ id: 'a', title: 'A', text: '  short  ' })).toEqual({ docId: 'a', title: 'A', text: 'short' });
    const words = 'abcd '.repeat(1000); // 5000 characters, a space every 5th
    expect(passageOf({ id: 'b', title: 'B', text: words }).text).toBe(words.slice(0, MAX_PASSAGE_CHARS - 1));
    // One unbroken run of letters is cut at the limit itself.
    expect(passageOf({ id: 'c', title: 'C', text: 'x'.repeat(5000) }).text).toHaveLength(MAX_PASSAGE_CHARS);
  });
});
