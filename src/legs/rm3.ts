import { z } from 'zod/v4';
import type { LexicalIndex, WeightedTerm } from '../retrievers/lexical-index.js';
import { createExpansionRetriever, type ExpansionRetriever } from '../retrievers/expansion/expansion-retriever.js';
import { type FeedbackDoc, feedbackTerms } from '../retrievers/expansion/feedback.js';
import {
  l1Norm,
  pruneToSize,
  scaled,
  type TermWeights,
  termCounts,
  toWeightedTerms,
} from '../retrievers/expansion/term-vector-ops.js';
import { expansionFields, expansionIndex, explainExpansion } from './expansion-fields.js';
import { defineLeg, type LegContext } from './leg-definition.js';

/** Anserini's RM3 defaults (`-rm3.fbDocs 10 -rm3.fbTerms 10 -rm3.originalQueryWeight 0.5`). */
export const RM3_DEFAULTS = Object.freeze({ fbDocs: 10, fbTerms: 10, originalWeight: 0.5 });

/**
 * RM3: Lavrenko & Croft's relevance model (RM1, 2001) interpolated with the query
 * (Abdul-Jaleel et al., UMass at TREC 2004), computed as Anserini's Rm3Reranker does.
 *
 * For the query q and its top fb_docs chunks D by BM25, each with first-pass score s_D and term
 * counts tf_D, kept to feedback terms (2-20 letters and digits, in at most 10% of the chunks:
 * feedback.ts) and cut to its fb_terms most frequent:
 *
 *   P(t | R) ∝ Σ_D s_D · tf_D(t) / Σ_t' tf_D(t')         (a chunk with no term left adds nothing)
 *
 * cut to the fb_terms heaviest terms and normalised to sum 1; with P(t | q) = c(t, q) / |q| and
 * λ = original_weight,
 *
 *   w(t) = λ · P(t | q) + (1 − λ) · P(t | R)
 *
 * and the second pass scores Σ_t w(t) · BM25(t, chunk). Scaling every s_D alike (wink's scores
 * are Lucene's times k1 + 1) changes nothing after the normalisation. Anserini keeps weights in
 * 32-bit floats; they are doubles here.
 */
export function rm3Weights(
  index: LexicalIndex,
  queryTerms: readonly string[],
  feedback: readonly FeedbackDoc[],
  { fbTerms, originalWeight }: { fbTerms: number; originalWeight: number },
): WeightedTerm[] {
  const relevance: TermWeights = new Map();
  for (const doc of feedback) {
    const vector = pruneToSize(feedbackTerms(index, doc.vector, { lettersAndDigits: true }), fbTerms);
    const norm = l1Norm(vector);
    if (norm === 0) continue;
    for (const [term, tf] of vector) relevance.set(term, (relevance.get(term) ?? 0) + (tf / norm) * doc.score);
  }
  const model = pruneToSize(relevance, fbTerms);
  const rm = scaled(model, l1Norm(model));
  const counts = termCounts(queryTerms);
  const query = scaled(counts, l1Norm(counts));
  const weights: TermWeights = new Map();
  for (const term of new Set([...query.keys(), ...rm.keys()]))
    weights.set(term, originalWeight * (query.get(term) ?? 0) + (1 - originalWeight) * (rm.get(term) ?? 0));
  return toWeightedTerms(weights);
}

/** BM25 with RM3 query expansion over the index's postings (rm3Weights). */
export const rm3Leg = defineLeg({
  type: 'rm3',
  description: 'BM25, then BM25 again for the query expanded by RM3 from its top chunks (Anserini defaults)',
  fields: {
    ...expansionFields(RM3_DEFAULTS),
    original_weight: z
      .number()
      .min(0)
      .max(1)
      .default(RM3_DEFAULTS.originalWeight)
      .describe(`λ, the original query's share of each term's weight (default ${RM3_DEFAULTS.originalWeight})`),
  },
  defaultName: () => 'rm3',
  traits: { expandsQuery: true },
  lexicalEngine: () => 'postings',
  create: (leg, ctx) => rm3Retriever(leg, ctx),
  explain: (leg, ctx, query, options) => explainExpansion(rm3Retriever(leg, ctx), query, options),
  signal: () => 'lexical',
});

function rm3Retriever(
  leg: {
    name: string;
    k1?: number | undefined;
    b?: number | undefined;
    fb_docs: number;
    fb_terms: number;
    original_weight: number;
  },
  ctx: LegContext,
): ExpansionRetriever {
  const index = expansionIndex('rm3', leg, ctx);
  const params = { fbTerms: leg.fb_terms, originalWeight: leg.original_weight };
  return createExpansionRetriever(leg.name, index, leg.fb_docs, (terms, feedback) =>
    rm3Weights(index, terms, feedback, params),
  );
}
