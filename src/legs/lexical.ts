import { z } from 'zod/v4';
import { createFts5Retriever } from '../retrievers/fts5-bm25.js';
import { createPostingsRetriever } from '../retrievers/postings-bm25.js';
import type { Retriever } from '../retrievers/types.js';
import { createWinkRetriever, type TermAnalysis, type WinkBM25Params } from '../retrievers/wink-bm25.js';
import { DEFAULT_ENGINE, FTS5_BM25, WINK_DEFAULTS } from '../schemas/defaults.js';
import { ENGINES } from '../schemas/names.js';
import { type Bm25Analysis, bm25Analysis } from '../store/bm25-analysis.js';
import type { IndexReader } from '../store/index-reader.js';
import { defineLeg, type LegContext, type MemoBound } from './leg-definition.js';

/**
 * wink engines an open index keeps (per search thread), by (k1, b): the 4 most recently used.
 * An engine holds the whole index again in memory, about 15 times its chunk text (6 MiB for the
 * 400 kB demo corpus: bench/distinct-bm25-params.ts), so 4 cost about 60 times the text per
 * worker; a fifth pair evicts the least recently used, and asking for it again rebuilds it.
 */
export const WINK_ENGINES: MemoBound = { kind: 'lexical:wink', keep: 4 };

/**
 * Postings retrievers an open index keeps, by (k1, b): a few hundred bytes each (the scorer's
 * constants and references to the index's shared lengths), made in microseconds, so kept only
 * for the common case of one pair searched again and again.
 */
export const POSTINGS_SCORERS: MemoBound = { kind: 'lexical:postings', keep: 16 };

/**
 * BM25 over the index's analysed terms, by one of three engines: postings (the reference BM25
 * over postings stored in the index, any k1 and b at query time), wink (the same scores from an
 * engine built in memory per (k1, b) and index, the most recent WINK_ENGINES.keep kept: the
 * oracle) or FTS5's bm25() (a prepared statement, k1 and b fixed).
 */
export const lexicalLeg = defineLeg({
  type: 'lexical',
  description: "BM25 over the index's analysed terms",
  fields: {
    engine: z
      .enum(ENGINES)
      .default(DEFAULT_ENGINE)
      .describe(
        `postings (BM25 over postings stored in the index; k1, b settable, Anserini's ${WINK_DEFAULTS.k1} and ${WINK_DEFAULTS.b} by default), wink (the same scores, built in memory per process) or fts5 (SQLite's bm25(), k1 ${FTS5_BM25.k1} and b ${FTS5_BM25.b} fixed)`,
      ),
    k1: z
      .number()
      .min(0)
      .max(10)
      .optional()
      .describe(`postings/wink BM25 term-frequency saturation (default ${WINK_DEFAULTS.k1})`),
    b: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe(`postings/wink BM25 length normalisation (default ${WINK_DEFAULTS.b})`),
  },
  defaultName: (leg) => leg.engine,
  check(leg) {
    if (leg.engine === 'fts5' && (leg.k1 !== undefined || leg.b !== undefined))
      return {
        message: `fts5's bm25() fixes k1 ${FTS5_BM25.k1} and b ${FTS5_BM25.b}; use engine postings or wink to set k1 or b`,
      };
    return undefined;
  },
  create(leg, ctx) {
    if (leg.engine === 'fts5') return ctx.memo('lexical:fts5', () => createFts5Retriever(ctx.reader));
    const params: WinkBM25Params = {
      ...(leg.k1 !== undefined && { k1: leg.k1 }),
      ...(leg.b !== undefined && { b: leg.b }),
    };
    if (leg.engine === 'postings') {
      const source = ctx.reader.postingsSource();
      if (source)
        return ctx.memoRecent(POSTINGS_SCORERS, JSON.stringify(params), () =>
          createPostingsRetriever(source, analysisOf(ctx), params),
        );
      ctx.memo('lexical:postings:fallback-notice', () =>
        process.stderr.write(
          `index ${ctx.indexName} has no BM25 postings (built by an older testbed): engine postings answers with wink, ` +
            'the same results built in memory; rebuild the index for the faster engine\n',
        ),
      );
    }
    return ctx.memoRecent(
      WINK_ENGINES,
      JSON.stringify(params),
      (): Retriever => createWinkRetriever(ctx.reader.chunks(), params, termAnalysis(ctx)),
    );
  },
  signal: () => 'lexical',
});

/** The index's BM25 analysis (bm25Analysis), made once per open index. */
function analysisOf(ctx: LegContext): Bm25Analysis {
  return ctx.memo('lexical:bm25-analysis', () =>
    bm25Analysis(ctx.reader.meta.tokenizer, ctx.reader.meta.languages ?? {}),
  );
}

/** wink's analysis over this index: the index's BM25 analysis, each chunk in its stored language. */
function termAnalysis(ctx: LegContext): TermAnalysis {
  return { ...analysisOf(ctx), chunkLanguage: (id) => ctx.chunkLanguage(id) };
}

/**
 * The terms a BM25 leg (postings or wink) over this index searches a query for (a term the
 * query repeats is listed, and scored, again): bm25Analysis's query terms. `testbed search
 * --sql` shows them.
 */
export function winkQueryTerms(reader: IndexReader): (query: string, queryLang: string | undefined) => string[] {
  const { queryTerms } = bm25Analysis(reader.meta.tokenizer, reader.meta.languages ?? {});
  return queryTerms;
}
