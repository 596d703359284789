import { create, insertMultiple, search } from '@orama/orama';
import { createLexicalAnalyzer } from '../../src/analysis/english-analyzer.js';
import { ENGLISH_STOP_WORDS } from '../../src/analysis/english-stop-words.js';

/** A document as every engine of the peer comparison gets it: our chunk, one per document. */
export interface PeerDoc {
  id: string;
  title: string;
  text: string;
}

export interface OramaPeer {
  buildSeconds: number;
  /** Full-text BM25 over title and text; document ids, best first. */
  text(query: string, k: number): Promise<string[]>;
  /** Vector search over the same vectors as ours (cosine), every document a candidate. */
  vector(q: Float32Array, k: number): Promise<string[]>;
  /** Orama's hybrid: its full-text and vector scores, each divided by its list's max, weighted 0.5/0.5. */
  hybrid(query: string, q: Float32Array, k: number): Promise<string[]>;
}

/** How Orama analyses text (see createOramaPeer). */
export type OramaAnalysis = 'default' | 'stemmed' | 'whole-words';

/**
 * Orama 3 over title + text, with a `vector[dims]` property holding our vectors.
 * Settings (documented in the peers table):
 * - `default`: Orama's defaults: English tokenizer, no stemming, no stop words.
 * - `stemmed`: Orama's built-in English stemmer and Lucene's 33 English stop words (the
 *   list our wink engine drops), the closest to our porter / wink analysis Orama offers.
 * - `whole-words`: a custom tokenizer (an Orama option): our wink analyser (Porter2, stop
 *   words), each term ending in a marker character so Orama's prefix lookup matches whole
 *   terms only, and each term once per field, as Orama's own tokenizer does.
 * - BM25 at Orama's defaults (k 1.2, b 0.75, d 0.5: BM25+); Orama's term frequency is the
 *   share of the field's tokens, and each term counts once per field (allowDuplicates false,
 *   its default: with duplicates allowed its document frequencies count occurrences).
 * - threshold 1 (the default): every document with any query term (OR), like ours.
 * - exact false (the default): Orama looks terms up as prefixes in its radix tree, so a query
 *   term also matches longer words it begins; `exact: true` would also filter to documents
 *   containing every term, case-sensitively (AND), which is not ranked retrieval.
 * - vector and hybrid: similarity -1 (default 0.8 would drop most documents), so the vector
 *   leg is an exact scan over every document like ours.
 */
export async function createOramaPeer(
  docs: readonly PeerDoc[],
  vectors: ReadonlyMap<string, Float32Array>,
  dims: number,
  analysis: OramaAnalysis,
): Promise<OramaPeer> {
  const t0 = performance.now();
  const db = create({
    schema: { title: 'string', text: 'string', embedding: `vector[${dims}]` } as const,
    components: { tokenizer: tokenizerFor(analysis) },
  });
  await insertMultiple(
    db,
    docs.map((d) => ({
      id: d.id,
      title: d.title,
      text: d.text,
      embedding: Array.from(vectors.get(d.id) ?? new Float32Array(dims)),
    })),
  );
  const buildSeconds = (performance.now() - t0) / 1000;
  const ids = (r: { hits: { id: string }[] }) => r.hits.map((h) => h.id);
  return {
    buildSeconds,
    text: async (term, k) => ids(await search(db, { term, properties: ['title', 'text'], limit: k })),
    vector: async (q, k) =>
      ids(
        await search(db, {
          mode: 'vector',
          vector: { value: Array.from(q), property: 'embedding' },
          similarity: -1,
          limit: k,
        }),
      ),
    hybrid: async (term, q, k) =>
      ids(
        await search(db, {
          mode: 'hybrid',
          term,
          properties: ['title', 'text'],
          vector: { value: Array.from(q), property: 'embedding' },
          similarity: -1,
          hybridWeights: { text: 0.5, vector: 0.5 },
          limit: k,
        }),
      ),
  };
}

const WORD_END = '\u0001';

function tokenizerFor(analysis: OramaAnalysis) {
  if (analysis === 'default') return { language: 'english' };
  if (analysis === 'stemmed') return { language: 'english', stemming: true, stopWords: [...ENGLISH_STOP_WORDS] };
  const analyze = createLexicalAnalyzer({ stem: true, stopwords: true });
  return {
    language: 'english',
    normalizationCache: new Map<string, string>(),
    tokenize: (raw: string) => (typeof raw === 'string' ? [...new Set(analyze(raw))].map((t) => t + WORD_END) : [raw]),
  };
}
