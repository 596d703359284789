import { checkBm25Params } from '../schemas/bm25-params.js';
import { BM25_DEFAULTS } from '../schemas/defaults.js';
import { createRequire } from 'node:module';
import type { Chunk } from '../chunking/types.js';
import { InputError } from '../errors.js';
import { createLexicalAnalyzer } from '../analysis/english-analyzer.js';
import { toLevel } from '../ranking/rank.js';
import type { Retrieval, Retriever, SearchOptions } from './types.js';

/** BM25 parameters and analysis for the wink engine. */
export interface WinkBM25Params {
  /** Term-frequency saturation, >= 0. Default 0.9 (Anserini). */
  k1?: number;
  /** Length normalisation, 0..1. Default 0.4 (Anserini). */
  b?: number;
  /** Stemming (Porter2; with a `TermAnalysis`, the language's Snowball stemmer). Default true. */
  stem?: boolean;
  /** Drop English stop words. Default true. Ignored with a `TermAnalysis`, whose analyser decides. */
  stopwords?: boolean;
  /**
   * BM25F weights, each >= 0 with at least one > 0; a 0 weight leaves the field out. A title
   * term counts `title` times in both the term frequency and the chunk length. Default 1/1,
   * i.e. BM25 over title + text.
   */
  fieldWeights?: { title: number; text: number };
}

/**
 * How chunks and queries become terms when they are not English: chunks through `analyze` in
 * their stored language, queries through `queryTerms` (the same analyser, in the language(s)
 * FTS5 would pick: createQueryTerms). Without it, wink analyses everything as English
 * (createLexicalAnalyzer).
 */
export interface TermAnalysis {
  analyze: (text: string, lang: string | undefined) => string[];
  /** The language a chunk's document was indexed in. */
  chunkLanguage: (chunkId: string) => string | undefined;
  /** A query's terms (`queryLang` when the caller gives its language). */
  queryTerms: (query: string, queryLang: string | undefined) => string[];
}

// wink only ever sees text we analysed: terms joined by a space, which no term contains (terms
// are runs of letters, digits and marks), and split again by its one prep task.
const SEPARATOR = ' ';
const splitTerms = (joined: string): string[] => (joined === '' ? [] : joined.split(SEPARATOR));

/** Anserini's BM25 defaults (schemas/defaults.ts), so results compare with its published numbers; English analysis. */
const WINK_BM25_DEFAULTS = { ...BM25_DEFAULTS, stem: true, stopwords: true } as const;

/** wink refuses to consolidate (compute IDF) with fewer documents than this. */
export const WINK_MIN_CHUNKS = 3;

// Decimals wink keeps per term score (its maximum): fewer would create spurious ties.
const SCORE_DECIMALS = 9;

/**
 * An in-memory BM25 retriever over chunks, built with wink-bm25-text-search: the second
 * lexical engine, to cross-check the FTS5 one on the same chunks.
 *
 * Per query term wink scores `idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * dl / avgdl))` with
 * `idf = ln(1 + (N - df + 0.5) / (df + 0.5))` (its IDF smoothing `k` left at 1), rounded to 9
 * decimals, summed over query terms (a repeated query term counts again). That is Lucene's BM25
 * times the constant (k1 + 1), so rankings match Lucene's; scores are (k1 + 1) times larger.
 *
 * Throws InputError for fewer than 3 chunks, duplicate chunk ids or out-of-range parameters
 * (wink itself would silently swap in its own defaults).
 */
export function createWinkRetriever(
  chunks: Iterable<Chunk>,
  params: WinkBM25Params = {},
  analysis?: TermAnalysis,
): Retriever {
  const k1 = params.k1 ?? WINK_BM25_DEFAULTS.k1;
  const b = params.b ?? WINK_BM25_DEFAULTS.b;
  const weights = params.fieldWeights ?? { title: 1, text: 1 };
  validate(k1, b, weights);

  const docIdOf = new Map<string, string>();
  const list = [...chunks];
  if (list.length < WINK_MIN_CHUNKS) {
    throw new InputError(`wink BM25 needs at least ${WINK_MIN_CHUNKS} chunks (got ${list.length})`);
  }

  // Loaded by the first wink engine, not at import: the postings engine (the default) never needs it.
  const winkBM25 = createRequire(import.meta.url)('wink-bm25-text-search') as typeof import('wink-bm25-text-search');
  const engine = winkBM25();
  const fldWeights: Record<string, number> = {};
  if (weights.title > 0) fldWeights.title = weights.title;
  if (weights.text > 0) fldWeights.text = weights.text;
  engine.defineConfig({ fldWeights, bm25Params: { k1, b, k: 1 } });
  // Chunks and queries are analysed here, by `terms`, and handed to wink pre-analysed: its prep
  // tasks see only text, not the chunk's language. Without a field argument the one task is
  // the default for every field and for queries, and `terms` is the only way in, so index and
  // query analysis cannot drift apart.
  const terms = analysis ? analysis.analyze : englishAnalysis(params);
  engine.definePrepTasks([splitTerms]);

  for (const chunk of list) {
    if (docIdOf.has(chunk.id)) throw new InputError(`duplicate chunk id "${chunk.id}"`);
    docIdOf.set(chunk.id, chunk.docId);
    const lang = analysis?.chunkLanguage(chunk.id);
    engine.addDoc(
      { title: terms(chunk.title, lang).join(SEPARATOR), text: terms(chunk.text, lang).join(SEPARATOR) },
      chunk.id,
    );
  }
  engine.consolidate(SCORE_DECIMALS);
  // wink's search takes a limit; asking for every chunk returns all matches, which both keeps
  // k distinct documents reachable at document level and lets the shared tie-break (not
  // wink's insertion order) decide ties at the k-th place.
  const everything = list.length;

  return {
    name: 'bm25-wink',
    async search(query: string, { k, level, filter, queryLang }: SearchOptions): Promise<Retrieval> {
      const t0 = performance.now();
      const queryTerms = analysis ? analysis.queryTerms(query, queryLang) : terms(query, undefined);
      // Terms unknown to the index, or none at all (stop words, punctuation), give [].
      const all = engine.search(queryTerms.join(SEPARATOR), everything);
      const matches = filter ? all.filter(([id]) => filter.chunkIds.has(id)) : all;
      const chunkHits = matches.map(([id, score]) => ({
        id,
        docId: docIdOf.get(id) ?? id,
        chunkId: id,
        score,
      }));
      const hits = toLevel(chunkHits, level, k);
      return { hits, timings: { bm25: performance.now() - t0 } };
    },
  };
}

/** The English analyser (Porter2, Lucene's stop words), which ignores the language. */
export function englishAnalysis(params: WinkBM25Params): TermAnalysis['analyze'] {
  const analyze = createLexicalAnalyzer({
    stem: params.stem ?? WINK_BM25_DEFAULTS.stem,
    stopwords: params.stopwords ?? WINK_BM25_DEFAULTS.stopwords,
  });
  return (text) => analyze(text);
}

function validate(k1: number, b: number, weights: { title: number; text: number }): void {
  checkBm25Params(k1, b);
  for (const [field, w] of Object.entries(weights)) {
    if (!Number.isFinite(w) || w < 0) throw new InputError(`field weight "${field}" must be >= 0, got ${w}`);
  }
  if (!(weights.title > 0) && !(weights.text > 0)) {
    throw new InputError('at least one field weight (title, text) must be > 0');
  }
}
