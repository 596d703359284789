/**
 * Shared counting for the binary metrics. trec_eval reads a negative grade as "in the pool but
 * not judged", never as relevant, hence the `>= 0` guard even for a threshold below 0.
 */
export function isRelevant(grade: number | undefined, threshold: number): boolean {
  return grade !== undefined && grade >= 0 && grade >= threshold;
}

/** R: how many of the query's judged documents are relevant at the threshold. */
export function countRelevant(judged: ReadonlyMap<string, number>, threshold: number): number {
  let relevant = 0;
  for (const grade of judged.values()) if (isRelevant(grade, threshold)) relevant++;
  return relevant;
}

/** How many of the first `depth` ranked documents are relevant. */
export function relevantInTop(
  ranking: readonly string[],
  judged: ReadonlyMap<string, number>,
  depth: number,
  threshold: number,
): number {
  let found = 0;
  const end = Math.min(depth, ranking.length);
  for (let i = 0; i < end; i++) if (isRelevant(judged.get(ranking[i]!), threshold)) found++;
  return found;
}

/** The number of ranks a cutoff looks at: `k`, or the whole ranking when there is none. */
export function depthOf(ranking: readonly string[], k: number | undefined): number {
  return k === undefined ? ranking.length : Math.min(k, ranking.length);
}
