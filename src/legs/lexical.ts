import { z } from 'zod/v4';
import { InputError } from '../errors.js';
import { createFts5Retriever, fts5Phrases } from '../retrievers/fts5-bm25.js';
import { plainQuery } from '../retrievers/postings-bm25.js';
import type { Retriever } from '../retrievers/types.js';
import { createWinkRetriever, type WinkBM25Params } from '../retrievers/wink-bm25.js';
import { DEFAULT_ENGINE, FTS5_BM25, BM25_DEFAULTS } from '../schemas/defaults.js';
import { bm25ParamFields } from '../schemas/bm25-params.js';
import { ENGINES } from '../schemas/names.js';
import { bm25Sql, matchOf } from '../store/bm25-sql.js';
import { defineLeg, type MemoBound } from './leg-definition.js';

/**
 * wink engines an open index keeps (per search thread), by (k1, b): the 4 most recently used.
 * An engine holds the whole index again in memory, about 15 times its chunk text (6 MiB for the
 * 400 kB demo corpus: bench/distinct-bm25-params.ts), so 4 cost about 60 times the text per
 * worker; a fifth pair evicts the least recently used, and asking for it again rebuilds it.
 */
export const WINK_ENGINES: MemoBound = { kind: 'lexical:wink', keep: 4 };

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
        `postings (BM25 over postings stored in the index; k1, b settable, Anserini's ${BM25_DEFAULTS.k1} and ${BM25_DEFAULTS.b} by default), wink (the same scores, built in memory per process) or fts5 (SQLite's bm25(), k1 ${FTS5_BM25.k1} and b ${FTS5_BM25.b} fixed)`,
      ),
    ...bm25ParamFields(),
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
    if (leg.engine === 'fts5' && !ctx.reader.hasFts5)
      return Promise.reject(
        new InputError(
          `index "${ctx.indexName}" was built without FTS5 (--no-fts5): use engine postings (the same BM25 at Anserini's defaults) or wink, or rebuild the index without --no-fts5`,
        ),
      );
    if (leg.engine === 'fts5') return ctx.memo('lexical:fts5', () => createFts5Retriever(ctx.reader));
    const params: WinkBM25Params = {
      ...(leg.k1 !== undefined && { k1: leg.k1 }),
      ...(leg.b !== undefined && { b: leg.b }),
    };
    if (leg.engine === 'postings') {
      const index = ctx.lexicalIndex(params);
      if (index)
        return {
          name: 'bm25-postings',
          search: async (query, options) =>
            index.scoreTerms(plainQuery(index.analysis.queryTerms(query, options.queryLang)), options),
        };
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
      (): Retriever =>
        createWinkRetriever(ctx.reader.chunks(), params, {
          ...ctx.bm25Analysis(),
          chunkLanguage: (id) => ctx.chunkLanguage(id),
        }),
    );
  },
  signal: () => 'lexical',
  lexicalEngine: (leg) => leg.engine,
  explain(leg, ctx, query, { queryLang }) {
    if (leg.engine === 'fts5') {
      const phrases = fts5Phrases(ctx.reader, query, queryLang);
      return {
        terms: phrases,
        notes:
          phrases.length === 0
            ? ['-- no term to search for: no SQL runs']
            : [`-- MATCH ${matchOf(phrases)}`, bm25Sql({ candidates: true })],
      };
    }
    return {
      terms: ctx.bm25Analysis().queryTerms(query, queryLang),
      notes: [
        leg.engine === 'postings'
          ? '-- postings reads each term from postings_terms and its blocks from postings_blocks by rowid (MaxScore skips blocks that cannot reach the top k)'
          : '-- wink scores in memory (wink-bm25-text-search): no SQL runs',
      ],
    };
  },
});
