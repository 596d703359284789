import { createQueryTerms } from '../analysis/query-terms.js';
import { InputError } from '../errors.js';
import type { Embedder } from '../embedders/types.js';
import { allocateVectorMatrix, createDenseRetriever } from '../retrievers/dense.js';
import { createFts5Retriever } from '../retrievers/fts5-bm25.js';
import { createHybridRetriever } from '../retrievers/hybrid.js';
import type { ChunkFilter, Hit, Retriever } from '../retrievers/types.js';
import { createWinkRetriever, type TermAnalysis, type WinkBM25Params } from '../retrievers/wink-bm25.js';
import { IndexReader } from '../store/index-reader.js';
import { analyzerFor } from '../store/tokenizers.js';
import type { Engine, HitView, SearchRequest, SearchResponse } from './types.js';

/** Loads (once per process) the embedder an index was built with. */
export type EmbedderLoader = (id: string) => Promise<Embedder>;

/**
 * One open index and the retrievers over it. The dense table, the query embedder and the wink
 * engine are loaded on first use, so an index that is only searched lexically costs nothing more.
 */
export class Searcher {
  readonly reader: IndexReader;
  private readonly fts5: Retriever;
  private dense?: Promise<Retriever>;
  private readonly wink = new Map<string, Retriever>();
  private readonly filters = new Map<string, ChunkFilter>();
  private chunkLanguages?: Map<string, string>;
  /** Searches started and not yet answered; the reader must stay open until they are. */
  private inFlight = 0;
  private closing = false;

  constructor(
    readonly name: string,
    file: string,
    private readonly loadEmbedder: EmbedderLoader,
  ) {
    this.reader = IndexReader.open(file);
    this.fts5 = createFts5Retriever(this.reader);
  }

  get meta() {
    return this.reader.meta;
  }

  async search(req: SearchRequest): Promise<SearchResponse> {
    this.inFlight++;
    try {
      const t0 = performance.now();
      const result = await (await this.retriever(req)).search(req.query, {
        k: req.k,
        level: req.level,
        ...(req.lang && { filter: this.languageFilter(req.lang) }),
        ...(req.queryLang && { queryLang: req.queryLang }),
      });
      const t1 = performance.now();
      const hits = result.hits.map((h) => this.hydrate(h));
      const t2 = performance.now();
      return {
        index: this.name,
        mode: req.mode,
        q: req.query,
        k: req.k,
        level: req.level,
        took_ms: { total: t2 - t0, ...result.timings, hydrate: t2 - t1 },
        hits,
      };
    } finally {
      this.inFlight--;
      if (this.closing && this.inFlight === 0) this.reader.close();
    }
  }

  /** The retriever a request's mode uses; callers that need ranked lists only (runs, experiments) use it directly. */
  async retriever(req: Pick<SearchRequest, 'mode' | 'engine' | 'fusion' | 'wink'>): Promise<Retriever> {
    if (req.mode === 'bm25') return this.lexical(req.engine, req.wink);
    const dense = await this.denseRetriever();
    if (req.mode === 'dense') return dense;
    return createHybridRetriever(this.lexical(req.engine, req.wink), dense, req.fusion);
  }

  /** The chunks of one language, computed once per language. */
  languageFilter(lang: string): ChunkFilter {
    const key = lang.toLowerCase();
    let filter = this.filters.get(key);
    if (!filter) {
      filter = { lang: key, chunkIds: this.reader.chunkIdsInLanguage(key) };
      this.filters.set(key, filter);
    }
    return filter;
  }

  /**
   * The stored language of a chunk (undefined when it has none), from the same per-language
   * chunk lists `lang=` filters with; the lookup table is built once, on first use.
   */
  chunkLanguage(chunkId: string): string | undefined {
    if (!this.chunkLanguages) {
      this.chunkLanguages = new Map();
      for (const lang of Object.keys(this.meta.languages ?? {})) {
        for (const id of this.languageFilter(lang).chunkIds) this.chunkLanguages.set(id, lang);
      }
    }
    return this.chunkLanguages.get(chunkId);
  }

  close(): void {
    this.reader.close();
  }

  /**
   * Closes the index once the searches in flight are answered (at once if there are none). For
   * an index that was swapped or deleted while requests were using it: they may be waiting for
   * the query embedder, which on first use can take longer than any fixed grace period, and must
   * finish on the index they started on rather than find it closed.
   */
  closeWhenIdle(): void {
    this.closing = true;
    if (this.inFlight === 0) this.reader.close();
  }

  private lexical(engine: Engine, params: WinkBM25Params = {}): Retriever {
    if (engine === 'fts5') return this.fts5;
    const key = JSON.stringify(params);
    let r = this.wink.get(key);
    if (!r) {
      r = createWinkRetriever(this.reader.chunks(), params, this.termAnalysis(params));
      this.wink.set(key, r);
    }
    return r;
  }

  /**
   * On an index built with a pre-analysed tokenizer (`multilingual`), wink analyses as FTS5 does
   * there: each chunk in its stored language, each query into the terms FTS5 would search for, with
   * the analyser the index records. Undefined elsewhere: wink's English analysis.
   */
  private termAnalysis(params: WinkBM25Params): TermAnalysis | undefined {
    const analyze = analyzerFor(this.meta.tokenizer, params.stem === false ? { stem: false } : {});
    if (!analyze) return undefined;
    return { analyze, chunkLanguage: (id) => this.chunkLanguage(id), queryTerms: createQueryTerms(analyze, this.meta.languages ?? {}) };
  }

  private denseRetriever(): Promise<Retriever> {
    const spec = this.meta.embedder;
    if (!spec) {
      return Promise.reject(
        new InputError(`index "${this.name}" was built without embeddings (--embedder none): only bm25 search is available`),
      );
    }
    this.dense ??= this.loadEmbedder(spec.id).then((e) => createDenseRetriever(this.reader.loadVectors(allocateVectorMatrix), e));
    // A failed load (model missing) must not stick: the next request tries again.
    this.dense.catch(() => (this.dense = undefined));
    return this.dense;
  }

  private hydrate(h: Hit): HitView {
    const c = this.reader.chunk(h.chunkId);
    const view: HitView = {
      rank: h.rank,
      id: h.id,
      doc_id: h.docId,
      score: h.score,
      title: c?.title ?? '',
      text: c?.text ?? '',
      start: c?.start ?? 0,
      end: c?.end ?? 0,
    };
    if (h.sources) view.sources = h.sources;
    return view;
  }
}
