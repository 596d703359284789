import { createRng } from '../../src/stats/prng.js';

/**
 * Random-ish English-looking text for the synthetic corpus: a vocabulary of pronounceable
 * pseudo-words whose frequencies follow Zipf's law (rank r drawn with weight 1 / r), as in real
 * text, so FTS5 and wink see realistic posting-list lengths: a few very long ones (the "the"s),
 * a long tail of rare terms. Deterministic for a seed.
 */
export interface TextGenerator {
  /** A title of 3-8 words and a text of `minWords`-`maxWords` words. */
  document(): { title: string; text: string };
  /** A 2-5 word query, drawn from the middle of the vocabulary (no stop-word-like heads). */
  query(): string;
}

const ONSETS = [
  'b',
  'c',
  'd',
  'f',
  'g',
  'h',
  'k',
  'l',
  'm',
  'n',
  'p',
  'r',
  's',
  't',
  'v',
  'w',
  'br',
  'cl',
  'dr',
  'gr',
  'pl',
  'st',
  'tr',
  'sh',
  'ch',
  'th',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'io', 'ou'];
const CODAS = ['', '', 'n', 'r', 's', 't', 'l', 'm', 'nd', 'st', 'rk'];

/**
 * The vocabulary comes from `vocabularySeed` and the word draws from `seed`, so documents and
 * queries generated with different draw seeds share one vocabulary.
 */
export function createTextGenerator(options: {
  seed: number;
  vocabularySeed: number;
  vocabulary?: number;
  minWords?: number;
  maxWords?: number;
}): TextGenerator {
  const vocabRng = createRng(options.vocabularySeed);
  const rng = createRng(options.seed);
  const size = options.vocabulary ?? 50_000;
  const minWords = options.minWords ?? 40;
  const maxWords = options.maxWords ?? 160;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(vocabRng() * xs.length)]!;

  const words: string[] = [];
  const seen = new Set<string>();
  while (words.length < size) {
    const syllables = 1 + Math.floor(vocabRng() * 3);
    let w = '';
    for (let s = 0; s < syllables; s++) w += pick(ONSETS) + pick(VOWELS) + pick(CODAS);
    if (!seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
  // Cumulative Zipf weights, sampled by binary search.
  const cdf = new Float64Array(size);
  let total = 0;
  for (let r = 0; r < size; r++) cdf[r] = total += 1 / (r + 1);
  const zipfWord = () => {
    const x = rng() * total;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return words[lo]!;
  };
  const sentence = (n: number) => Array.from({ length: n }, zipfWord).join(' ');

  return {
    document() {
      const n = minWords + Math.floor(rng() * (maxWords - minWords + 1));
      // Sentences of 8-20 words, capitalised and full-stopped, so the text looks like prose.
      const parts: string[] = [];
      for (let left = n; left > 0; ) {
        const len = Math.min(left, 8 + Math.floor(rng() * 13));
        const s = sentence(len);
        parts.push(s[0]!.toUpperCase() + s.slice(1) + '.');
        left -= len;
      }
      return { title: sentence(3 + Math.floor(rng() * 6)), text: parts.join(' ') };
    },
    query() {
      const n = 2 + Math.floor(rng() * 4);
      return Array.from({ length: n }, () => words[50 + Math.floor(rng() * Math.min(size - 50, 20_000))]!).join(' ');
    },
  };
}
