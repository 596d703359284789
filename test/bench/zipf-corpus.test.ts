import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createZipfSampler,
  ensureZipfCorpus,
  parseSize,
  sizeLabel,
  writeZipfCorpus,
  zipfVocabulary,
} from '../../bench/lib/zipf-corpus.js';
import { InputError } from '../../src/errors.js';
import { createRng } from '../../src/stats/prng.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zipf-corpus-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const FILES = ['corpus.jsonl', 'queries.jsonl', 'long-queries.jsonl'];
const read = (dir: string, file: string) => fs.readFileSync(path.join(dir, file));
const lines = (dir: string, file: string) =>
  fs
    .readFileSync(path.join(dir, file), 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, string>);
const wordsOf = (s: string) => s.toLowerCase().match(/[a-z]+/g) ?? [];

function written(name: string, spec: Parameters<typeof writeZipfCorpus>[0]): string {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir);
  writeZipfCorpus(spec, dir);
  return dir;
}

describe('writeZipfCorpus', () => {
  const a = written('a', { documents: 3000, seed: 7 });
  const b = written('b', { documents: 3000, seed: 7 });

  it('writes the same bytes for the same spec, other bytes for another seed', () => {
    for (const f of FILES) expect(read(a, f).equals(read(b, f)), f).toBe(true);
    const other = written('other', { documents: 3000, seed: 8 });
    for (const f of FILES) expect(read(a, f).equals(read(other, f)), f).toBe(false);
  });

  it('writes a smaller collection as the first documents of a larger one', () => {
    const small = written('small', { documents: 1000, seed: 7 });
    const prefix = read(a, 'corpus.jsonl').toString('utf8').split('\n').slice(0, 1000).join('\n') + '\n';
    expect(read(small, 'corpus.jsonl').toString('utf8')).toBe(prefix);
  });

  it('writes BEIR documents of 8-40 words with distinct ids, and the queries asked for', () => {
    const docs = lines(a, 'corpus.jsonl');
    expect(docs).toHaveLength(3000);
    expect(new Set(docs.map((d) => d._id)).size).toBe(3000);
    for (const d of docs) {
      const n = wordsOf(d.title!).length + wordsOf(d.text!).length;
      expect(n).toBeGreaterThanOrEqual(8);
      expect(n).toBeLessThanOrEqual(40);
    }
    const short = lines(a, 'queries.jsonl');
    const long = lines(a, 'long-queries.jsonl');
    expect(short).toHaveLength(300);
    expect(long).toHaveLength(100);
    for (const q of short) expect(wordsOf(q.text!).length).toBeGreaterThanOrEqual(2);
    for (const q of short) expect(wordsOf(q.text!).length).toBeLessThanOrEqual(6);
    for (const q of long) expect(wordsOf(q.text!).length).toBeGreaterThanOrEqual(20);
    for (const q of long) expect(wordsOf(q.text!).length).toBeLessThanOrEqual(40);
  });

  it('makes every query match a document through a word that is not among the most frequent', () => {
    const vocabulary = zipfVocabulary(300_000, 7);
    const rankOf = new Map(vocabulary.map((w, r) => [w, r]));
    const inCorpus = new Set(lines(a, 'corpus.jsonl').flatMap((d) => [...wordsOf(d.title!), ...wordsOf(d.text!)]));
    const rareMatches = (q: Record<string, string>) =>
      wordsOf(q.text!).filter((w) => inCorpus.has(w) && rankOf.get(w)! >= 100).length;
    // Each query holds its document's rarest word; a document of 8+ words all in the top 100 is rare.
    const short = lines(a, 'queries.jsonl');
    expect(short.filter((q) => rareMatches(q) > 0).length).toBeGreaterThan(0.9 * short.length);
    for (const q of [...short, ...lines(a, 'long-queries.jsonl')])
      expect(
        wordsOf(q.text!).some((w) => inCorpus.has(w)),
        q._id,
      ).toBe(true);
  });

  it('draws words with Zipf frequencies: count(rank r) ≈ tokens · r^-s / H(V, s)', () => {
    const s = 1.05;
    const V = 300_000;
    const vocabulary = zipfVocabulary(V, 7);
    const counts = new Map<string, number>();
    let tokens = 0;
    for (const d of lines(a, 'corpus.jsonl'))
      for (const w of [...wordsOf(d.title!), ...wordsOf(d.text!)]) {
        counts.set(w, (counts.get(w) ?? 0) + 1);
        tokens++;
      }
    let harmonic = 0;
    for (let r = 1; r <= V; r++) harmonic += r ** -s;
    for (const r of [1, 2, 3, 5, 10, 30]) {
      const p = r ** -s / harmonic;
      const expected = tokens * p;
      // Within 5 binomial standard deviations.
      const sd = Math.sqrt(tokens * p * (1 - p));
      expect(Math.abs(counts.get(vocabulary[r - 1]!)! - expected), `rank ${r}`).toBeLessThan(5 * sd);
    }
    // Least-squares slope of log count on log rank over the top 50 ranks: -s.
    const xs = Array.from({ length: 50 }, (_, i) => Math.log(i + 1));
    const ys = xs.map((_, i) => Math.log(counts.get(vocabulary[i]!) ?? 1));
    const mx = xs.reduce((x, y) => x + y) / xs.length;
    const my = ys.reduce((x, y) => x + y) / ys.length;
    const slope =
      xs.reduce((acc, x, i) => acc + (x - mx) * (ys[i]! - my), 0) / xs.reduce((acc, x) => acc + (x - mx) ** 2, 0);
    expect(slope).toBeGreaterThan(-s - 0.1);
    expect(slope).toBeLessThan(-s + 0.1);
  });
});

describe('createZipfSampler', () => {
  it('gives rank 0 of 2 with chance 1 / (1 + 2^-s)', () => {
    // s = 1: weights 1 and 1/2, so rank 0 has chance 2/3.
    const sample = createZipfSampler(2, 1);
    const rng = createRng(1);
    let zeros = 0;
    for (let i = 0; i < 30_000; i++) if (sample(rng) === 0) zeros++;
    // sd = sqrt(30000 · 2/3 · 1/3) ≈ 82.
    expect(Math.abs(zeros - 20_000)).toBeLessThan(5 * 82);
  });
});

describe('zipfVocabulary', () => {
  it('makes distinct lower-case words, short at the head', () => {
    const words = zipfVocabulary(300_000, 3);
    expect(new Set(words).size).toBe(300_000);
    expect(words.every((w) => /^[a-z]+$/.test(w))).toBe(true);
    const meanLength = (xs: string[]) => xs.reduce((n, w) => n + w.length, 0) / xs.length;
    expect(meanLength(words.slice(0, 100))).toBeLessThan(meanLength(words.slice(-1000)));
  });
});

describe('ensureZipfCorpus', () => {
  it('generates once and reuses the folder while the spec is the same', () => {
    const first = ensureZipfCorpus({ documents: 500, seed: 3 }, tmp);
    expect(first.reused).toBe(false);
    expect(path.basename(first.dir)).toBe('zipf-500-seed3');
    const again = ensureZipfCorpus({ documents: 500, seed: 3 }, tmp);
    expect(again.reused).toBe(true);
    const otherExponent = ensureZipfCorpus({ documents: 500, seed: 3, exponent: 1.1 }, tmp);
    expect(otherExponent.reused).toBe(false);
    expect(fs.readdirSync(tmp).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });
});

describe('parseSize and sizeLabel', () => {
  it('read and write 10k, 100k, 1M', () => {
    expect([parseSize('10k'), parseSize('100k'), parseSize('1M'), parseSize('2500')]).toEqual([
      10_000, 100_000, 1_000_000, 2500,
    ]);
    expect([sizeLabel(10_000), sizeLabel(1_000_000), sizeLabel(2500)]).toEqual(['10k', '1M', '2500']);
    expect(() => parseSize('ten')).toThrow(InputError);
    expect(() => parseSize('0')).toThrow(/--sizes/);
  });
});
