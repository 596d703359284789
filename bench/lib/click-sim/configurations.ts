/**
 * The configurations the click simulation ranks: what a search team would compare. Each is a
 * search shorthand (mode and its parameters), sent the same way to `GET /search/MODE` (the logged
 * engine, through the server) and to `testbed retrieve --mode MODE --PARAM VALUE` (every
 * configuration's run, scored against the true qrels and against the click gold).
 */
export interface Configuration {
  name: string;
  mode: 'bm25' | 'dense' | 'hybrid';
  /** Search parameters by their HTTP names (`rrf_k`); the CLI flag is the same with `-` (`--rrf-k`). */
  params: Readonly<Record<string, string>>;
}

/**
 * Seven configurations of unequal quality: BM25 at Anserini's setting and three others, SQLite's
 * FTS5 bm25(), a dense retriever over the hash embedder (words hashed into a vector: no meaning,
 * deliberately weak) and their RRF hybrid.
 */
export const CONFIGURATIONS: readonly Configuration[] = [
  { name: 'bm25', mode: 'bm25', params: { k1: '0.9', b: '0.4' } },
  { name: 'bm25-k1.2-b0.75', mode: 'bm25', params: { k1: '1.2', b: '0.75' } },
  { name: 'bm25-k3-b1', mode: 'bm25', params: { k1: '3', b: '1' } },
  { name: 'bm25-k0.2-b0', mode: 'bm25', params: { k1: '0.2', b: '0' } },
  { name: 'fts5', mode: 'bm25', params: { engine: 'fts5' } },
  { name: 'dense-hash', mode: 'dense', params: {} },
  { name: 'hybrid-rrf', mode: 'hybrid', params: { fusion: 'rrf', rrf_k: '60' } },
];

/** The query string of a search of `q` by `config` (top `k` documents). */
export function searchQuery(config: Configuration, index: string, q: string, k: number): string {
  return new URLSearchParams({ index, q, k: String(k), level: 'doc', ...config.params }).toString();
}

/** `testbed retrieve` flags for `config`. */
export function retrieveFlags(config: Configuration): string[] {
  return [
    '--mode',
    config.mode,
    ...Object.entries(config.params).flatMap(([k, v]) => [`--${k.replace(/_/g, '-')}`, v]),
  ];
}
