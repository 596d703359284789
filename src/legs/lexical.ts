import { z } from 'zod/v4';
import { createQueryTerms } from '../analysis/query-terms.js';
import { createFts5Retriever } from '../retrievers/fts5-bm25.js';
import type { Retriever } from '../retrievers/types.js';
import {
  createWinkRetriever,
  englishAnalysis,
  type TermAnalysis,
  type WinkBM25Params,
} from '../retrievers/wink-bm25.js';
import { DEFAULT_ENGINE, FTS5_BM25, WINK_DEFAULTS } from '../schemas/defaults.js';
import { ENGINES } from '../schemas/names.js';
import type { IndexReader } from '../store/index-reader.js';
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
  const own = indexAnalysis(ctx.reader.meta);
  return own && { ...own, chunkLanguage: (id) => ctx.chunkLanguage(id) };
}

/** The index's own analyser and the query terms it gives, when the index was built with one of ours. */
function indexAnalysis(meta: IndexReader['meta']): Omit<TermAnalysis, 'chunkLanguage'> | undefined {
  const analyze = analyzerFor(meta.tokenizer, {});
  return analyze && { analyze, queryTerms: createQueryTerms(analyze, meta.languages ?? {}) };
}

/**
 * The terms a wink leg over this index searches a query for (a term the query repeats is listed,
 * and scored, again): the index's analyser where it has one of ours, else wink's English
 * analysis. `testbed search --sql` shows them.
 */
export function winkQueryTerms(reader: IndexReader): (query: string, queryLang: string | undefined) => string[] {
  const own = indexAnalysis(reader.meta);
  if (own) return own.queryTerms;
  const english = englishAnalysis({});
  return (query) => english(query, undefined);
}
