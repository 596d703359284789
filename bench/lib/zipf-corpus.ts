import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../../src/errors.js';
import { createRng } from '../../src/stats/prng.js';

/**
 * Synthetic BEIR collections for the lexical scale bench (issue 27): N short documents (a title
 * and a text, 8-40 words together) over a vocabulary of generated pseudo-words whose frequencies
 * follow Zipf's law with exponent s (the word of rank r drawn with weight 1 / r^s), so posting
 * lists have the shape of real text: a few very long ones, a long tail seen once or twice. With
 * the default 300,000 words, a million documents still meet new words deep into the tail.
 *
 * Every document is drawn from its own generator (seeded from the collection's seed and the
 * document's number), so a document can be regenerated alone: the queries take words from
 * documents picked at random and are sure to match, and the 10k collection is the first 10k
 * documents of the 100k one. The files are written in batches as they are generated (a million
 * documents are never held in memory) and the same spec gives the same bytes.
 */

/** Where the scale bench keeps its collections and indexes unless told otherwise. */
export const DEFAULT_SCALE_DIR = '/tmp/testbed-scale';

export interface ZipfCorpusSpec {
  documents: number;
  seed: number;
  /** Distinct words (default 300,000). */
  vocabulary?: number;
  /** Zipf exponent s (default 1.05). */
  exponent?: number;
  /** Short queries, 2-6 words (default 300). */
  queries?: number;
  /** Long queries, 20-40 words (default 100). */
  longQueries?: number;
}

export interface ZipfCorpus {
  /** The BEIR folder: corpus.jsonl, queries.jsonl, long-queries.jsonl and spec.json. */
  dir: string;
  corpus: string;
  queries: string;
  longQueries: string;
  /** True when the folder was already there with the same spec. */
  reused: boolean;
  seconds: number;
}

const ONSETS = ['b', 'c', 'd', 'f', 'g', 'h', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'w', 'z'];
const CLUSTERS = ['br', 'cl', 'dr', 'fl', 'gr', 'kr', 'pl', 'sk', 'sp', 'st', 'tr', 'sh', 'ch', 'th', 'wh'];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'y', 'ai', 'ea', 'ee', 'io', 'oa', 'ou'];
const CODAS = ['', '', '', 'n', 'r', 's', 't', 'l', 'm', 'x', 'nd', 'ng', 'rk', 'lt', 'mp'];

/**
 * The vocabulary, most frequent word first: pronounceable pseudo-words (no word list copied from
 * anywhere), short at the head and longer down the tail as in natural language, all distinct.
 * Deterministic for a seed.
 */
export function zipfVocabulary(size: number, seed: number): string[] {
  const rng = createRng(seed);
  const pick = (xs: readonly string[]) => xs[Math.floor(rng() * xs.length)]!;
  const words: string[] = [];
  const seen = new Set<string>();
  while (words.length < size) {
    const rank = words.length + 1;
    // 1 syllable for the first hundred ranks, 2 to the ten thousandth, then 2-4.
    const syllables = rank <= 100 ? 1 : rank <= 10_000 ? 2 : 2 + Math.floor(rng() * 3);
    let w = '';
    for (let s = 0; s < syllables; s++) w += pick(rng() < 0.7 ? ONSETS : CLUSTERS) + pick(VOWELS) + pick(CODAS);
    if (!seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
  return words;
}

/**
 * Draws ranks (0-based) with probability proportional to 1 / (rank + 1)^exponent, by binary
 * search over the cumulative weights: exact for any exponent, O(log size) per draw.
 */
export function createZipfSampler(size: number, exponent: number): (rng: () => number) => number {
  const cdf = new Float64Array(size);
  let total = 0;
  for (let r = 0; r < size; r++) cdf[r] = total += 1 / (r + 1) ** exponent;
  return (rng) => {
    const x = rng() * total;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! <= x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** One document's word ranks: a title of 2-6 words and a text of 6-34, from the document's own generator. */
export function documentRanks(
  sample: (rng: () => number) => number,
  seed: number,
  ordinal: number,
): { title: number[]; text: number[][] } {
  const rng = documentRng(seed, ordinal);
  const draw = (n: number) => Array.from({ length: n }, () => sample(rng));
  const title = draw(2 + Math.floor(rng() * 5));
  const text: number[][] = [];
  // Sentences of 4-12 words, so the text reads as prose.
  for (let left = 6 + Math.floor(rng() * 29); left > 0; ) {
    const n = Math.min(left, 4 + Math.floor(rng() * 9));
    text.push(draw(n));
    left -= n;
  }
  return { title, text };
}

function documentRng(seed: number, ordinal: number): () => number {
  // A multiplier far from any small number, so neighbouring seeds do not share documents.
  return createRng((seed * 2_654_435_761 + ordinal) % 2 ** 48);
}

/** The document's BEIR id: fixed width, so ids sort as the documents were written. */
export function documentId(ordinal: number): string {
  return `z${String(ordinal).padStart(7, '0')}`;
}

function sentence(words: readonly string[], ranks: readonly number[]): string {
  const s = ranks.map((r) => words[r]!).join(' ');
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
}

/**
 * The collection of `spec` under `cacheDir`, generated when missing (or when its spec.json
 * differs) and reused otherwise. Written to a temporary folder renamed at the end, so an
 * interrupted run never leaves a half collection that looks complete.
 */
export function ensureZipfCorpus(
  spec: ZipfCorpusSpec,
  cacheDir: string = DEFAULT_SCALE_DIR,
  log: (m: string) => void = () => {},
): ZipfCorpus {
  const full = withDefaults(spec);
  const dir = path.join(cacheDir, `zipf-${sizeLabel(full.documents)}-seed${full.seed}`);
  const files = {
    dir,
    corpus: path.join(dir, 'corpus.jsonl'),
    queries: path.join(dir, 'queries.jsonl'),
    longQueries: path.join(dir, 'long-queries.jsonl'),
  };
  const specFile = path.join(dir, 'spec.json');
  const specText = `${JSON.stringify(full)}\n`;
  if (fs.existsSync(specFile) && fs.readFileSync(specFile, 'utf8') === specText)
    return { ...files, reused: true, seconds: 0 };
  const started = performance.now();
  const tmp = `${dir}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  writeZipfCorpus(full, tmp, log);
  fs.writeFileSync(path.join(tmp, 'spec.json'), specText);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(tmp, dir);
  return { ...files, reused: false, seconds: (performance.now() - started) / 1000 };
}

/** Writes corpus.jsonl, queries.jsonl and long-queries.jsonl of `spec` into `dir` (which must exist). */
export function writeZipfCorpus(spec: ZipfCorpusSpec, dir: string, log: (m: string) => void = () => {}): void {
  const full = withDefaults(spec);
  const words = zipfVocabulary(full.vocabulary, full.seed);
  const sample = createZipfSampler(full.vocabulary, full.exponent);

  const out = batchedWriter(path.join(dir, 'corpus.jsonl'));
  for (let i = 0; i < full.documents; i++) {
    const { title, text } = documentRanks(sample, full.seed, i);
    const doc = {
      _id: documentId(i),
      title: title.map((r) => words[r]!).join(' '),
      text: text.map((s) => sentence(words, s)).join(' '),
    };
    out.write(`${JSON.stringify(doc)}\n`);
    if (i > 0 && i % 100_000 === 0) log(`zipf corpus: ${i} of ${full.documents} documents written`);
  }
  out.close();

  const rng = createRng(full.seed + 1);
  /** Words of a random document: the query is sure to match it. */
  const fromDocument = () => {
    const { title, text } = documentRanks(sample, full.seed, Math.floor(rng() * full.documents));
    return [...title, ...text.flat()];
  };
  const shuffled = (xs: number[]) => {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [xs[i], xs[j]] = [xs[j]!, xs[i]!];
    }
    return xs;
  };
  // A short query: the rarest word of a document, then as many words again from that document
  // (often frequent ones) or from the whole distribution, so the query mixes head and tail terms.
  const shortQuery = () => {
    const doc = fromDocument();
    const ranks = [Math.max(...doc)];
    for (let n = 1 + Math.floor(rng() * 5); n > 0; n--)
      ranks.push(rng() < 0.5 ? doc[Math.floor(rng() * doc.length)]! : sample(rng));
    return shuffled(ranks);
  };
  // A long query, like a consumer's question: 2-3 words of a document among 20-40 drawn from the whole distribution.
  const longQuery = () => {
    const doc = fromDocument();
    const n = 20 + Math.floor(rng() * 21);
    const own = 2 + Math.floor(rng() * 2);
    return shuffled(
      Array.from({ length: n }, (_, i) => (i < own ? doc[Math.floor(rng() * doc.length)]! : sample(rng))),
    );
  };
  const writeQueries = (file: string, prefix: string, count: number, make: () => number[]) => {
    const q = batchedWriter(path.join(dir, file));
    for (let i = 1; i <= count; i++)
      q.write(
        `${JSON.stringify({
          _id: `${prefix}${i}`,
          text: make()
            .map((r) => words[r]!)
            .join(' '),
        })}\n`,
      );
    q.close();
  };
  writeQueries('queries.jsonl', 'q', full.queries, shortQuery);
  writeQueries('long-queries.jsonl', 'l', full.longQueries, longQuery);
}

function withDefaults(spec: ZipfCorpusSpec): Required<ZipfCorpusSpec> {
  return {
    documents: spec.documents,
    seed: spec.seed,
    vocabulary: spec.vocabulary ?? 300_000,
    exponent: spec.exponent ?? 1.05,
    queries: spec.queries ?? 300,
    longQueries: spec.longQueries ?? 100,
  };
}

/** 10000 -> 10k, 1000000 -> 1M, 2500 -> 2500: the names the bench's --sizes flag takes. */
export function sizeLabel(n: number): string {
  if (n >= 1_000_000 && n % 1_000_000 === 0) return `${n / 1_000_000}M`;
  if (n >= 1000 && n % 1000 === 0) return `${n / 1000}k`;
  return String(n);
}

/** Appends text to a file in writes of about a megabyte: fast, in bounded memory, synchronous so the order is the call order. */
function batchedWriter(file: string): { write(s: string): void; close(): void } {
  const fd = fs.openSync(file, 'w');
  let pending: string[] = [];
  let length = 0;
  const flush = () => {
    if (pending.length > 0) fs.writeSync(fd, pending.join(''));
    pending = [];
    length = 0;
  };
  return {
    write(s) {
      pending.push(s);
      length += s.length;
      if (length >= 1 << 20) flush();
    },
    close() {
      flush();
      fs.closeSync(fd);
    },
  };
}

/** A --sizes value: 10k, 100k, 1M or a plain count; an InputError naming the flag otherwise. */
export function parseSize(text: string, flag = '--sizes'): number {
  const m = /^(\d+)([kM]?)$/.exec(text.trim());
  const n = m ? Number(m[1]) * (m[2] === 'k' ? 1000 : m[2] === 'M' ? 1_000_000 : 1) : Number.NaN;
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new InputError(`${flag} takes counts such as 10k, 100k or 1M, got ${JSON.stringify(text)}`, { field: flag });
  return n;
}
