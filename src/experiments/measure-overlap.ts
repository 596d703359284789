import { relevantDocs } from '../metrics/index.js';
import type { OverlapBySource } from '../reports/report-model.js';
import { readyForQueries } from '../store/tokenizers.js';
import { stableHash } from './grid.js';
import { indexOverlapAnalysis, queryOverlaps } from './overlap.js';
import { overlapBySource } from './overlap-by-source.js';
import type { ExperimentPlan } from './plan.js';
import type { OpenIndex } from './retrieve-cells.js';
import type { ScoredEntry } from './score-configs.js';

/**
 * The report's "Query-document overlap by source": overlap of every answerable query with its
 * relevant documents (the experiment's relevance threshold decides which are relevant), counted
 * with the analysis of the index the first lexical configuration searched, so the terms are the
 * ones its BM25 matched; with no lexical configuration, the first configuration's index.
 * Undefined when no query has a `source` tag.
 */
export async function measureOverlap(
  plan: ExperimentPlan,
  entries: readonly ScoredEntry[],
  indexes: ReadonlyMap<string, OpenIndex>,
): Promise<OverlapBySource | undefined> {
  const entry = entries.find((e) => e.kind === 'lexical') ?? entries[0];
  const open = entry && indexes.get(stableHash(entry.index));
  if (!open) return undefined;
  const answerable = plan.queries.filter((q) => plan.answerable.has(q.id));
  if (!answerable.some((q) => q.metadata.source !== undefined && q.metadata.source !== null)) return undefined;
  const relevant = new Map(answerable.map((q) => [q.id, [...relevantDocs(plan.judgements, q.id).keys()]]));
  // Scores may all come from the cache, so no search readied the query analysis: ready it here.
  await readyForQueries(open.searcher.meta.tokenizer);
  const analysis = indexOverlapAnalysis(open.searcher);
  return overlapBySource(answerable, queryOverlaps(answerable, relevant, analysis), analysis.tokenizer);
}
