/**
 * The model behind the demo traffic log (make-traffic.ts): who searches when, what they type,
 * what the engine shows them and what they click. Every number is here, under a name, so
 * traffic/README.md can list them and a reader can change one and regenerate.
 *
 * Clicks follow the position-based model (as described in Chuklin, Markov and de Rijke, "Click
 * Models for Web Search", 2015): a result at ordinal r is clicked with probability
 * examination(r) × attractiveness(document), the first falling with the position whatever is
 * shown there, the second set by how well the document answers the query (its qrels grade).
 */

/** The seed of the whole log: change it and every line changes. */
export const TRAFFIC_SEED = 21;
/** The last UTC day of the log, fixed so the files never depend on the clock. */
export const LAST_DAY = '2025-05-31';
export const DAYS = 14;
/** Searches users start (typo corrections come on top of these). */
export const SEARCHES = 3000;
export const USERS = 320;
/** Searches sent without a client id (scripts, a curl from a terminal). */
export const ANONYMOUS_SHARE = 0.04;
/**
 * Zipf-Mandelbrot weights: item i (1-based) is drawn in proportion to 1 / (i + offset)^s. Queries
 * are ordered head before tail and, within each, `source: real` before `synthetic` (users type
 * like users, not like a question generator); users in a seeded order.
 */
export const QUERY_ZIPF = { s: 1.1, offset: 4 };
export const USER_ZIPF = { s: 0.8, offset: 0 };
/** Non-English queries are searched less: their weight is multiplied by this. */
export const NON_ENGLISH_WEIGHT = 0.3;
/** A query with hand-written variants is typed as one of them this often. */
export const VARIANT_SHARE = 0.45;
export const TYPO_SHARE = 0.07;
export const ZERO_HIT_SHARE = 0.03;
export const PII_SHARE = 0.004;
/** A typo'd search without a click is retyped correctly this often, seconds later. */
export const RETYPE_SHARE = 0.5;
/** A click is followed by a copy_link event on the same document this often. */
export const COPY_LINK_SHARE = 0.06;
/** The engine shows this many documents (doc level), and the pipeline is this one shorthand. */
export const HITS = 10;
export const MODE = 'bm25';
export const INDEX = 'demo';

/** Position-based model: the chance a user looks at ordinal r at all. */
export function examination(ordinal: number): number {
  return 0.85 / ordinal;
}

/** Position-based model: the chance a user who looks at a document clicks it, by its grade. */
export const ATTRACTIVENESS: Readonly<Record<number, number>> = { 2: 0.6, 1: 0.3, 0: 0.04 };

/**
 * The simulated engine: a document's score is LEXICAL_WEIGHT × its word overlap with the query
 * (the idf share of query words it contains, 0 to 1), plus RELEVANCE_BOOST for its grade, plus
 * NOISE_WEIGHT × a uniform draw. Grade-2 documents usually lead but not always; a typo'd search
 * keeps each judged document's boost only with probability TYPO_KEEPS_RELEVANT.
 */
export const LEXICAL_WEIGHT = 1;
export const RELEVANCE_BOOST: Readonly<Record<number, number>> = { 2: 0.5, 1: 0.3, 0: 0 };
export const NOISE_WEIGHT = 1;
export const TYPO_KEEPS_RELEVANT = 0.4;

/** Relative search volume per UTC hour (Europe's working day, then the Americas'). */
export const HOUR_WEIGHTS: readonly number[] = [
  0.3, 0.2, 0.15, 0.15, 0.2, 0.35, 0.6, 1, 1.4, 1.6, 1.6, 1.5, 1.3, 1.5, 1.6, 1.6, 1.4, 1.1, 0.8, 0.7, 0.65, 0.6, 0.5,
  0.4,
];
export const WEEKEND_WEIGHT = 0.45;

/** Seconds from a search to its first click, and between clicks, drawn uniformly. */
export const FIRST_CLICK_SECONDS: readonly [number, number] = [3, 20];
export const NEXT_CLICK_SECONDS: readonly [number, number] = [8, 60];
export const RETYPE_SECONDS: readonly [number, number] = [5, 25];

/** Index drawn in proportion to `weights` (which need not sum to 1). */
export function pickWeighted(rng: () => number, weights: readonly number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let x = rng() * total;
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i]!;
    if (x < 0) return i;
  }
  return weights.length - 1;
}

/** Zipf-Mandelbrot weights 1 / (i + offset)^s for i = 1..n: a few heavy items and a long tail. */
export function zipfWeights(n: number, { s, offset }: { s: number; offset: number }): number[] {
  return Array.from({ length: n }, (_, i) => (i + 1 + offset) ** -s);
}

/** A uniform draw in [lo, hi). */
export function between(rng: () => number, [lo, hi]: readonly [number, number]): number {
  return lo + rng() * (hi - lo);
}

/** Fisher-Yates with the seeded generator, so an order drawn today is the order drawn tomorrow. */
export function shuffled<T>(rng: () => number, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A web client's id (the browser's, kept in its local storage), from the seeded generator. */
export function seededClientId(rng: () => number): string {
  return `web-${(Math.floor(rng() * 2 ** 32) >>> 0).toString(16).padStart(8, '0')}`;
}

/** A version-4-shaped UUID from the seeded generator, as the server gives each search one. */
export function seededUuid(rng: () => number): string {
  const hex = Array.from({ length: 4 }, () => (Math.floor(rng() * 2 ** 32) >>> 0).toString(16).padStart(8, '0')).join(
    '',
  );
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/**
 * One typing slip in a word of four or more letters: a letter dropped, two neighbours swapped or
 * a letter doubled. Undefined when the text has no such word (an error code, a config key).
 */
export function addTypo(rng: () => number, text: string): string | undefined {
  const words = [...text.matchAll(/[a-z]{4,}/gi)];
  if (words.length === 0) return undefined;
  const word = words[Math.floor(rng() * words.length)]!;
  const w = word[0];
  const i = 1 + Math.floor(rng() * (w.length - 2));
  const kind = Math.floor(rng() * 3);
  const slipped =
    kind === 0
      ? w.slice(0, i) + w.slice(i + 1)
      : kind === 1
        ? w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2)
        : w.slice(0, i + 1) + w.slice(i);
  if (slipped === w) return undefined; // swapped two equal letters
  return text.slice(0, word.index) + slipped + text.slice(word.index + w.length);
}

/**
 * What a hurried user does to a text's surface without changing its words: lower case, a capital
 * first letter, caps lock, a doubled space, a space before or after. Normalisation undoes all.
 */
export function surfaceNoise(rng: () => number, text: string): string {
  const c = rng();
  let out =
    c < 0.07
      ? text.toLowerCase()
      : c < 0.1
        ? text.charAt(0).toUpperCase() + text.slice(1)
        : c < 0.11
          ? text.toUpperCase()
          : text;
  const s = rng();
  if (s < 0.04) out = out.replace(' ', '  ');
  else if (s < 0.07) out = `${out} `;
  else if (s < 0.09) out = ` ${out}`;
  return out;
}
