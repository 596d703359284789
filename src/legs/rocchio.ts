import { z } from 'zod/v4';
import { createExpansionRetriever, type ExpansionRetriever } from '../retrievers/expansion/expansion-retriever.js';
import { type FeedbackDoc, feedbackTerms } from '../retrievers/expansion/feedback.js';
import {
  l2Norm,
  pruneToSize,
  scaled,
  type TermWeights,
  termCounts,
  toWeightedTerms,
} from '../retrievers/expansion/term-vector-ops.js';
import type { LexicalIndex, WeightedTerm } from '../retrievers/lexical-index.js';
import { expansionFields, expansionIndex, explainExpansion } from './expansion-fields.js';
import { defineLeg, type LegContext } from './leg-definition.js';

/** Anserini's Rocchio defaults (`-rocchio.topFbDocs 10 -rocchio.topFbTerms 10 -rocchio.alpha 1 -rocchio.beta 0.75`). */
export const ROCCHIO_DEFAULTS = Object.freeze({ fbDocs: 10, fbTerms: 10, alpha: 1, beta: 0.75 });

/**
 * Rocchio's relevance feedback (1971) with the top chunks taken as relevant, as Anserini's
 * RocchioReranker computes it (its default: no non-relevant documents, so no γ term).
 *
 * For the query q and its top fb_docs chunks D by BM25, each with term counts tf_D kept to
 * feedback terms (2-20 characters, in at most 10% of the chunks: feedback.ts):
 *
 *   m(t) = (1 / |D|) · Σ_D tf_D(t) / ‖tf_D‖₂              (a chunk with no term left adds nothing)
 *
 * cut to the fb_terms heaviest terms and scaled to unit length (‖m‖₂ = 1); with
 * q(t) = c(t, q) / ‖c(·, q)‖₂,
 *
 *   w(t) = α · q(t) + β · m(t), kept where > 0
 *
 * and the second pass scores Σ_t w(t) · BM25(t, chunk). Unlike RM3, the first-pass scores do not
 * weigh the chunks. Anserini keeps weights in 32-bit floats; they are doubles here.
 */
export function rocchioWeights(
  index: LexicalIndex,
  queryTerms: readonly string[],
  feedback: readonly FeedbackDoc[],
  { fbTerms, alpha, beta }: { fbTerms: number; alpha: number; beta: number },
): WeightedTerm[] {
  const sum: TermWeights = new Map();
  for (const doc of feedback) {
    const vector = feedbackTerms(index, doc.vector, { lettersAndDigits: false });
    const norm = l2Norm(vector);
    if (norm === 0) continue;
    for (const [term, tf] of vector) sum.set(term, (sum.get(term) ?? 0) + tf / norm);
  }
  const mean = pruneToSize(scaled(sum, feedback.length), fbTerms);
  const centroid = scaled(mean, l2Norm(mean));
  const counts = termCounts(queryTerms);
  const query = scaled(counts, l2Norm(counts));
  const weights: TermWeights = new Map();
  for (const term of new Set([...query.keys(), ...centroid.keys()]))
    weights.set(term, alpha * (query.get(term) ?? 0) + beta * (centroid.get(term) ?? 0));
  return toWeightedTerms(weights);
}

/** BM25 with Rocchio query expansion over the index's postings (rocchioWeights). */
export const rocchioLeg = defineLeg({
  type: 'rocchio',
  description: 'BM25, then BM25 again for the query moved towards its top chunks by Rocchio (Anserini defaults)',
  fields: {
    ...expansionFields(ROCCHIO_DEFAULTS),
    alpha: z
      .number()
      .min(0)
      .max(10)
      .default(ROCCHIO_DEFAULTS.alpha)
      .describe(`α, the weight of the original query (default ${ROCCHIO_DEFAULTS.alpha})`),
    beta: z
      .number()
      .min(0)
      .max(10)
      .default(ROCCHIO_DEFAULTS.beta)
      .describe(`β, the weight of the feedback chunks' centroid (default ${ROCCHIO_DEFAULTS.beta})`),
  },
  defaultName: () => 'rocchio',
  check(leg) {
    if (leg.alpha === 0 && leg.beta === 0) return { field: 'beta', message: 'alpha and beta cannot both be 0' };
    return undefined;
  },
  traits: { expandsQuery: true },
  lexicalEngine: () => 'postings',
  create: (leg, ctx) => rocchioRetriever(leg, ctx),
  explain: (leg, ctx, query, options) => explainExpansion(rocchioRetriever(leg, ctx), query, options),
  signal: () => 'lexical',
});

function rocchioRetriever(
  leg: {
    name: string;
    k1?: number | undefined;
    b?: number | undefined;
    fb_docs: number;
    fb_terms: number;
    alpha: number;
    beta: number;
  },
  ctx: LegContext,
): ExpansionRetriever {
  const index = expansionIndex('rocchio', leg, ctx);
  const params = { fbTerms: leg.fb_terms, alpha: leg.alpha, beta: leg.beta };
  return createExpansionRetriever(leg.name, index, leg.fb_docs, (terms, feedback) =>
    rocchioWeights(index, terms, feedback, params),
  );
}
