import { z } from 'zod/v4';
import { createQueryTerms } from '../analysis/query-terms.js';
import { createFts5Retriever } from '../retrievers/fts5-bm25.js';
import type { Retriever } from '../retrievers/types.js';
import { createWinkRetriever, type TermAnalysis, type WinkBM25Params } from '../retrievers/wink-bm25.js';
import { DEFAULT_ENGINE, FTS5_BM25, WINK_DEFAULTS } from '../schemas/defaults.js';
import { ENGINES } from '../schemas/names.js';
import { analyzerFor } from '../store/tokenizers.js';
import { defineLeg, type LegContext } from './leg-definition.js';

/**
 * BM25 over the index's analysed terms, by one of two engines: FTS5's bm25() (a prepared
 * statement, k1 and b fixed) or wink (built in memory once per (k1, b) and index).
 */
export const lexicalLeg = defineLeg({
  type: 'lexical',
  description: "BM25 over the index's analysed terms",
  fields: {
    engine: z
      .enum(ENGINES)
      .default(DEFAULT_ENGINE)
      .describe(
        `wink (k1, b settable, Anserini's ${WINK_DEFAULTS.k1} and ${WINK_DEFAULTS.b} by default) or fts5 (SQLite's bm25(), k1 ${FTS5_BM25.k1} and b ${FTS5_BM25.b} fixed)`,
      ),
    k1: z
      .number()
      .min(0)
      .max(10)
      .optional()
      .describe(`wink BM25 term-frequency saturation (default ${WINK_DEFAULTS.k1})`),
    b: z.number().min(0).max(1).optional().describe(`wink BM25 length normalisation (default ${WINK_DEFAULTS.b})`),
  },
  defaultName: (leg) => leg.engine,
  check(leg) {
    if (leg.engine === 'fts5' && (leg.k1 !== undefined || leg.b !== undefined))
      return { message: `fts5's bm25() fixes k1 ${FTS5_BM25.k1} and b ${FTS5_BM25.b}; use engine wink to set k1 or b` };
    return undefined;
  },
  create(leg, ctx) {
    if (leg.engine === 'fts5') return ctx.memo('lexical:fts5', () => createFts5Retriever(ctx.reader));
    const params: WinkBM25Params = {
      ...(leg.k1 !== undefined && { k1: leg.k1 }),
      ...(leg.b !== undefined && { b: leg.b }),
    };
    return ctx.memo(
      `lexical:wink:${JSON.stringify(params)}`,
      (): Retriever => createWinkRetriever(ctx.reader.chunks(), params, termAnalysis(ctx)),
    );
  },
  signal: () => 'lexical',
});

/**
 * On an index built with a pre-analysed tokenizer (`english`, `multilingual`), wink analyses as
 * FTS5 does there: each chunk in its stored language, each query into the terms FTS5 would
 * search for, with the analyser the index records. Undefined elsewhere: wink's English analysis.
 */
function termAnalysis(ctx: LegContext): TermAnalysis | undefined {
  const meta = ctx.reader.meta;
  const analyze = analyzerFor(meta.tokenizer, {});
  if (!analyze) return undefined;
  return {
    analyze,
    chunkLanguage: (id) => ctx.chunkLanguage(id),
    queryTerms: createQueryTerms(analyze, meta.languages ?? {}),
  };
}
