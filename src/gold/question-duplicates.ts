/**
 * The form two generated questions are compared in: Unicode NFKC, lower case, punctuation and
 * symbols as spaces, every run of white space one space. "How do I reset my password?" and
 * "how do i reset my password" are the same question asked twice.
 */
export function normalizeQuestion(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * Two questions whose word sets have a Jaccard similarity of at least NUM / DEN (4/5) are
 * near-duplicates; kept as a fraction so the comparisons below are exact in integers.
 */
const NUM = 4;
const DEN = 5;

/** What dropDuplicates kept and left out, each dropped item with the kept one it repeats. */
export interface Deduplicated<T> {
  kept: T[];
  /** The same text as a kept item once normalised. */
  exact: { item: T; of: T }[];
  /** Word sets with Jaccard >= 0.8 against a kept item's. */
  near: { item: T; of: T }[];
}

/**
 * Keeps the first of every group of repeated questions, in order: a generator asked about many
 * documents writes the same generic question ("how do I get started?") again and again, and a
 * set that counts it ten times scores it ten times. Exact duplicates are found by their
 * normalised text; near ones by the Jaccard similarity of their word sets (>= 0.8), compared
 * against every kept question through prefix filtering (Bayardo et al.'s all-pairs): words are
 * ranked rarest first, and two sets that share 4/5 of the larger must share a word among the
 * first n - ceil(4n/5) + 1 words of each, so only questions sharing such a word are compared.
 */
export function dropDuplicates<T>(items: readonly T[], textOf: (item: T) => string): Deduplicated<T> {
  const normalized = items.map((item) => normalizeQuestion(textOf(item)));
  const wordSets = normalized.map((text) => new Set(text.split(' ').filter((w) => w !== '')));
  const frequency = new Map<string, number>();
  for (const words of wordSets) for (const w of words) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  const rarestFirst = (a: string, b: string) => frequency.get(a)! - frequency.get(b)! || (a < b ? -1 : a > b ? 1 : 0);

  const out: Deduplicated<T> = { kept: [], exact: [], near: [] };
  const keptByText = new Map<string, number>();
  /** Word -> positions in `kept` (and `keptWords`) of the kept questions with it in their prefix. */
  const index = new Map<string, number[]>();
  const keptWords: Set<string>[] = [];
  items.forEach((item, i) => {
    const text = normalized[i]!;
    const same = keptByText.get(text);
    if (same !== undefined) return void out.exact.push({ item, of: out.kept[same]! });
    const words = wordSets[i]!;
    const prefix = [...words].sort(rarestFirst).slice(0, prefixLength(words.size));
    const candidates = new Set<number>();
    for (const w of prefix) for (const k of index.get(w) ?? []) candidates.add(k);
    const match = [...candidates].sort((a, b) => a - b).find((k) => nearlySame(words, keptWords[k]!));
    if (match !== undefined) return void out.near.push({ item, of: out.kept[match]! });
    const k = out.kept.length;
    out.kept.push(item);
    keptWords.push(words);
    keptByText.set(text, k);
    for (const w of prefix) {
      const list = index.get(w);
      if (list) list.push(k);
      else index.set(w, [k]);
    }
  });
  return out;
}

/** n - ceil(4n/5) + 1, in integers (0.8 * 15 is 12.000000000000002 in floating point). */
function prefixLength(n: number): number {
  return n - Math.floor((NUM * n + DEN - 1) / DEN) + 1;
}

/** Jaccard(a, b) >= 4/5, compared as 5 * |a ∩ b| >= 4 * |a ∪ b| so no rounding decides it. */
function nearlySame(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  const union = a.size + b.size - shared;
  return union > 0 && DEN * shared >= NUM * union;
}
