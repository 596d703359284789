import type { Embedder } from '../embedders/types.js';
import { type LegCallSettings, legClientOptions, RemoteClient } from '../remote/remote-client.js';
import { allocateVectorMatrix, type VectorTable } from '../retrievers/dense.js';
import type { LexicalIndex } from '../retrievers/lexical-index.js';
import type { PostingsBM25Params } from '../retrievers/postings-bm25.js';
import { openLexicalIndex } from '../retrievers/postings-lexical-index.js';
import type { Retriever } from '../retrievers/types.js';
import { type Bm25Analysis, bm25Analysis } from '../store/bm25-analysis.js';
import type { IndexReader } from '../store/index-reader.js';
import { RecentCache } from '../store/recent-cache.js';
import type { ExplainOptions, LegContext, LegExplanation, MemoBound } from './leg-definition.js';
import { legDefinition, type Leg } from './registry.js';

/** Loads (once per process) the embedder an index was built with. */
export type EmbedderLoader = (id: string) => Promise<Embedder>;

/**
 * Loads an open index's vector table for its dense leg. By default it is read from the file into
 * this thread's own kernel memory; a search worker borrows a table shared with the others.
 */
export type VectorLoader = (reader: IndexReader) => VectorTable | Promise<VectorTable>;

/** Remote legs whose client (and so concurrency limit) an open index keeps. */
const RECENT_REMOTE_LEGS = 32;

/**
 * Lexical indexes (one per (k1, b)) an open index keeps: a few hundred bytes each plus their
 * recent term vectors, made in microseconds, so kept only for the common case of one pair
 * searched again and again.
 */
export const LEXICAL_INDEXES: MemoBound = { kind: 'lexical:postings', keep: 16 };

const ownTable: VectorLoader = (reader) => reader.loadVectors(allocateVectorMatrix);

/**
 * Makes the retriever behind each leg of a pipeline over one open index, by its leg type's row
 * (registry.ts), and keeps what the rows make through `memo`: the FTS5 leg is a prepared
 * statement, the dense table and the query embedder are loaded on first use, and a run file is
 * read once per modification time. What a request's parameters key (a wink engine per (k1, b),
 * a postings scorer per (k1, b)) goes through `memoRecent`, which keeps the most recent few of
 * each kind only: a client sending a new k1 with every search costs a build each time, never
 * memory that stays. An index only ever searched lexically loads no model and no vectors.
 */
export class LegFactory {
  private readonly made = new Map<string, { version: unknown; value: unknown }>();
  private readonly recent = new Map<string, RecentCache<string, unknown>>();
  /**
   * One client per remote leg (by its settings), so its concurrency limit holds across every
   * query that uses it; the most recent few only, as a server's callers may each send their own.
   */
  private readonly remotes = new RecentCache<string, RemoteClient>(RECENT_REMOTE_LEGS);
  private readonly ctx: LegContext;

  constructor(
    indexName: string,
    reader: IndexReader,
    loadEmbedder: EmbedderLoader,
    chunkLanguage: (chunkId: string) => string | undefined,
    loadVectors: VectorLoader = ownTable,
  ) {
    this.ctx = {
      indexName,
      reader,
      loadEmbedder,
      loadVectors,
      chunkLanguage,
      memo: (key, make, version) => this.memo(key, make, version),
      memoRecent: (bound, key, make) => this.memoRecent(bound, key, make),
      remoteClient: (leg) => this.remoteClient(leg),
      bm25Analysis: () => this.bm25Analysis(),
      lexicalIndex: (params) => this.lexicalIndex(params),
    };
  }

  /** The leg's retriever, named as the leg. */
  async legFor(leg: Leg): Promise<Retriever> {
    const retriever = await legDefinition(leg.type).create(leg, this.ctx);
    if (retriever.name === leg.name) return retriever;
    return { name: leg.name, search: (query, options) => retriever.search(query, options) };
  }

  /** The leg's account of one query (its row's explain), or undefined for a leg type that gives none. */
  explain(leg: Leg, query: string, options: ExplainOptions): LegExplanation | undefined {
    return legDefinition(leg.type).explain?.(leg, this.ctx, query, options);
  }

  private memo<T>(key: string, make: () => T, version?: unknown): T {
    const kept = this.made.get(key);
    if (kept && kept.version === version) return kept.value as T;
    const value = make();
    const entry = { version, value };
    this.made.set(key, entry);
    // A failed load (a model missing, a run file unreadable) must not stick: the next search tries again.
    if (value instanceof Promise)
      value.catch(() => {
        if (this.made.get(key) === entry) this.made.delete(key);
      });
    return value;
  }

  /** How many values of each memoRecent kind this index keeps now (tests, and a server's diagnostics). */
  kept(): Record<string, number> {
    return Object.fromEntries([...this.recent].map(([kind, cache]) => [kind, cache.size]));
  }

  private memoRecent<T>({ kind, keep }: MemoBound, key: string, make: () => T): T {
    let cache = this.recent.get(kind);
    if (!cache) this.recent.set(kind, (cache = new RecentCache<string, unknown>(keep)));
    const kept = cache;
    const value = kept.get(key, make) as T;
    if (value instanceof Promise)
      value.catch(() => {
        kept.delete(key);
      });
    return value;
  }

  private bm25Analysis(): Bm25Analysis {
    const { meta } = this.ctx.reader;
    return this.memo('lexical:bm25-analysis', () => bm25Analysis(meta.tokenizer, meta.languages ?? {}));
  }

  private lexicalIndex(params: PostingsBM25Params): LexicalIndex | undefined {
    const { reader } = this.ctx;
    const source = reader.postingsSource();
    if (!source) return undefined;
    // Keyed as spelt with k1 before b, so {k1, b} and {b, k1} share one.
    const key = JSON.stringify([params.k1, params.b]);
    return this.memoRecent(LEXICAL_INDEXES, key, () =>
      openLexicalIndex(source, this.bm25Analysis(), (id) => reader.analysedText(id), params),
    );
  }

  /** The one client of a remote leg as spelt (kept in `remotes`, so its concurrency limit is shared). */
  private remoteClient(leg: LegCallSettings): RemoteClient {
    return this.remotes.get(JSON.stringify(leg), () => new RemoteClient(legClientOptions(leg)));
  }
}
