import { z } from 'zod/v4';
import { createExpansionRetriever, type ExpansionRetriever } from '../retrievers/expansion/expansion-retriever.js';
import { type FeedbackDoc, feedbackTerms } from '../retrievers/expansion/feedback.js';
import { pruneToSize, type TermWeights, termCounts, toWeightedTerms } from '../retrievers/expansion/term-vector-ops.js';
import type { LexicalIndex, WeightedTerm } from '../retrievers/lexical-index.js';
import { expansionFields, expansionIndex, explainExpansion } from './expansion-fields.js';
import { defineLeg, type LegContext } from './leg-definition.js';

/** Terrier's query-expansion defaults: 3 feedback documents, 10 terms, Rocchio's β 0.4 (`rocchio.beta`). */
export const BO1_DEFAULTS = Object.freeze({ fbDocs: 3, fbTerms: 10, beta: 0.4 });

/**
 * Bo1, the Bose-Einstein divergence-from-randomness model of query expansion (Amati, 2003), as
 * Terrier weighs and adds expansion terms.
 *
 * For the query q and its top fb_docs chunks D by BM25, every term t of those chunks (2-20
 * characters long) with tf_x(t) = Σ_D tf_D(t) its occurrences there, F(t) its occurrences in the
 * whole collection and N the number of chunks, P_n = F(t) / N:
 *
 *   w(t) = tf_x(t) · log₂((1 + P_n) / P_n) + log₂(1 + P_n)
 *
 * The fb_terms heaviest are the expansion terms, each divided by the heaviest's weight; each
 * query term keeps its count over the largest count, and the expansion adds β times its weight:
 *
 *   q'(t) = c(t, q) / max_t' c(t', q) + β · w(t) / max_t' w(t')
 *
 * and the second pass scores Σ_t q'(t) · BM25(t, chunk). No document-frequency cut-off: the
 * divergence weight itself keeps a term common across the collection low.
 */
export function bo1Weights(
  index: LexicalIndex,
  queryTerms: readonly string[],
  feedback: readonly FeedbackDoc[],
  { fbTerms, beta }: { fbTerms: number; beta: number },
): WeightedTerm[] {
  const inFeedback: TermWeights = new Map();
  for (const doc of feedback)
    for (const [term, tf] of feedbackTerms(index, doc.vector, { lettersAndDigits: false, maxDfRatio: 1 }))
      inFeedback.set(term, (inFeedback.get(term) ?? 0) + tf);
  const divergence: TermWeights = new Map();
  for (const [term, tfx] of inFeedback) {
    const stats = index.termStats(term);
    if (!stats) continue;
    const pn = stats.cf / index.stats.chunks;
    divergence.set(term, tfx * Math.log2((1 + pn) / pn) + Math.log2(1 + pn));
  }
  const expansion = pruneToSize(divergence, fbTerms);
  const heaviest = Math.max(0, ...expansion.values());
  const counts = termCounts(queryTerms);
  const mostRepeated = Math.max(0, ...counts.values());
  const weights: TermWeights = new Map();
  for (const [term, c] of counts) weights.set(term, c / mostRepeated);
  if (heaviest > 0)
    for (const [term, w] of expansion) weights.set(term, (weights.get(term) ?? 0) + (beta * w) / heaviest);
  return toWeightedTerms(weights);
}

/** BM25 with Bo1 query expansion over the index's postings (bo1Weights). */
export const bo1Leg = defineLeg({
  type: 'bo1',
  description: 'BM25, then BM25 again for the query expanded by Bo1 from its top chunks (Terrier defaults)',
  fields: {
    ...expansionFields(BO1_DEFAULTS),
    beta: z
      .number()
      .min(0)
      .max(10)
      .default(BO1_DEFAULTS.beta)
      .describe(`β, the weight of the expansion terms against the query's (default ${BO1_DEFAULTS.beta})`),
  },
  defaultName: () => 'bo1',
  traits: { expandsQuery: true },
  lexicalEngine: () => 'postings',
  create: (leg, ctx) => bo1Retriever(leg, ctx),
  explain: (leg, ctx, query, options) => explainExpansion(bo1Retriever(leg, ctx), query, options),
  signal: () => 'lexical',
});

function bo1Retriever(
  leg: {
    name: string;
    k1?: number | undefined;
    b?: number | undefined;
    fb_docs: number;
    fb_terms: number;
    beta: number;
  },
  ctx: LegContext,
): ExpansionRetriever {
  const index = expansionIndex('bo1', leg, ctx);
  const params = { fbTerms: leg.fb_terms, beta: leg.beta };
  return createExpansionRetriever(leg.name, index, leg.fb_docs, (terms, feedback) =>
    bo1Weights(index, terms, feedback, params),
  );
}
