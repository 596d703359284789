import { z } from 'zod/v4';
import { InputError } from '../errors.js';
import type { ExpansionRetriever } from '../retrievers/expansion/expansion-retriever.js';
import type { LexicalIndex } from '../retrievers/lexical-index.js';
import { bm25ParamFields } from '../schemas/bm25-params.js';
import type { ExplainOptions, LegContext, LegExplanation } from './leg-definition.js';

/** Feedback chunks and terms a query expansion reads at most: far above the published defaults (3-10 chunks, 10-20 terms). */
const MAX_FB_DOCS = 100;
const MAX_FB_TERMS = 1000;

/** The fields every expansion leg shares: BM25's k1 and b for both passes, and how much feedback it reads. */
export function expansionFields(defaults: { fbDocs: number; fbTerms: number }) {
  return {
    ...bm25ParamFields(),
    fb_docs: z
      .number()
      .int()
      .min(1)
      .max(MAX_FB_DOCS)
      .default(defaults.fbDocs)
      .describe(`chunks of the first BM25 pass the expansion is read from (default ${defaults.fbDocs})`),
    fb_terms: z
      .number()
      .int()
      .min(1)
      .max(MAX_FB_TERMS)
      .default(defaults.fbTerms)
      .describe(`expansion terms kept (default ${defaults.fbTerms})`),
  };
}

/**
 * The index an expansion leg reads and scores with, for its (k1, b). An index built before BM25
 * postings has no term statistics to expand from: refused before the first query.
 */
export function expansionIndex(
  type: string,
  leg: { k1?: number | undefined; b?: number | undefined },
  ctx: LegContext,
): LexicalIndex {
  const index = ctx.lexicalIndex({
    ...(leg.k1 !== undefined && { k1: leg.k1 }),
    ...(leg.b !== undefined && { b: leg.b }),
  });
  if (!index)
    throw new InputError(
      `leg type ${type} needs BM25 postings, which index ${ctx.indexName} (built by an older testbed) lacks: rebuild it`,
    );
  return index;
}

/** An expansion leg's account of one query: its terms, its feedback chunks and the weighted query it scores. */
export function explainExpansion(
  retriever: ExpansionRetriever,
  query: string,
  options: ExplainOptions,
): LegExplanation {
  const { queryTerms, feedback, terms } = retriever.expand(query, options);
  return {
    terms: queryTerms,
    expansion: { feedback, terms },
    notes: [
      `-- first pass: BM25 over postings for the terms, top ${feedback.length} chunks read for feedback; ` +
        'second pass: BM25 over postings for the weighted terms, each term score times its weight',
    ],
  };
}
