import type { WeightedTerm } from '../lexical-index.js';

/** Term weights by term: a query's, a feedback document's, or an expansion model's. */
export type TermWeights = Map<string, number>;

/** Orders weighted terms by weight descending, ties by term ascending (Anserini's FeatureVector order). */
export function byWeight(a: WeightedTerm, b: WeightedTerm): number {
  if (a.weight !== b.weight) return b.weight - a.weight;
  return a.term < b.term ? -1 : a.term > b.term ? 1 : 0;
}

/** The weights as a list in byWeight order, zero and negative weights left out. */
export function toWeightedTerms(weights: TermWeights): WeightedTerm[] {
  return [...weights]
    .filter(([, weight]) => weight > 0)
    .map(([term, weight]) => ({ term, weight }))
    .sort(byWeight);
}

/** The `size` heaviest terms (byWeight order decides ties), as Anserini's pruneToSize keeps them. */
export function pruneToSize(weights: TermWeights, size: number): TermWeights {
  return new Map(
    [...weights]
      .map(([term, weight]) => ({ term, weight }))
      .sort(byWeight)
      .slice(0, size)
      .map(({ term, weight }) => [term, weight]),
  );
}

/** Σ |w|. */
export function l1Norm(weights: TermWeights): number {
  let sum = 0;
  for (const w of weights.values()) sum += Math.abs(w);
  return sum;
}

/** √(Σ w²). */
export function l2Norm(weights: TermWeights): number {
  let sum = 0;
  for (const w of weights.values()) sum += w * w;
  return Math.sqrt(sum);
}

/** Every weight divided by `norm` (unchanged when norm is 0: an empty vector stays empty). */
export function scaled(weights: TermWeights, norm: number): TermWeights {
  if (norm === 0) return new Map(weights);
  return new Map([...weights].map(([term, w]) => [term, w / norm]));
}

/** How many times each term occurs in the list: a query's term counts. */
export function termCounts(terms: readonly string[]): TermWeights {
  const counts: TermWeights = new Map();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}
