import { isJudged } from '../corpus/judged-grade.js';

/**
 * Sakai's condensed list: the ranking with every unjudged document taken out, the judged ones
 * moving up to close the gaps (trec_eval -J does the same). A metric computed on it no longer
 * counts the holes in the qrels as failures: a system that retrieved documents the pool never
 * saw is scored on what was judged, at the cost of pretending it never retrieved the rest.
 * Unlike bpref, which keeps positions and only counts judged documents, every metric (nDCG,
 * recall@k, ...) applies to the condensed list unchanged.
 */
export function condensedRanking(ranking: readonly string[], judged: ReadonlyMap<string, number>): string[] {
  return ranking.filter((id) => isJudged(judged.get(id)));
}
