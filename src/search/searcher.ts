import type { Hit, Retrieval } from '../ranking/hit.js';
import { withQueryVectorLog } from '../embedders/query-vector-log.js';
import { embedText } from '../indexing/embed-text.js';
import { rerankerFor } from '../pipeline/reranker-factory.js';
import { runPipeline, type PipelineParts, type QueryContext } from '../pipeline/run-pipeline.js';
import type { Pipeline } from '../pipeline/resolve-pipeline.js';
import { IndexReader } from '../store/index-reader.js';
import { pipelineForMode } from '../pipeline/search-spec.js';
import { type WarmUp, warmUpPostings } from '../retrievers/postings-warm-up.js';
import { readyForQueries, readyForQuery } from '../store/tokenizers.js';
import { hydrate } from './hydrate.js';
import { LegFactory, type EmbedderLoader, type VectorLoader } from '../legs/leg-factory.js';
import { redactConfig } from '../remote/redact-config.js';
import type { LegExplanation } from '../legs/leg-definition.js';
import type { Leg } from '../legs/registry.js';
import type { SearchRequest, SearchResponse } from './types.js';

export type { EmbedderLoader, VectorLoader };

/**
 * One open index: its reader, the legs over it (leg-factory.ts) and the searches in flight.
 * Callers that need ranked lists only (retrieve, experiments) take `prepare(pipeline)` once and
 * run it per query; `search` answers one request with hydrated hits.
 */
export class Searcher {
  readonly reader: IndexReader;
  private readonly legs: LegFactory;
  private chunkLanguages?: Map<string, string>;
  /** Searches started and not yet answered; the reader must stay open until they are. */
  private inFlight = 0;
  private closing = false;

  constructor(
    readonly name: string,
    file: string,
    loadEmbedder: EmbedderLoader,
    /** Where the dense leg's vectors come from (default: read from the file, see VectorLoader). */
    loadVectors?: VectorLoader,
  ) {
    this.reader = IndexReader.open(file);
    // Query embeddings can be kept and reused within a scope (query-vector-log.ts: ANN recall).
    const load: EmbedderLoader = async (id) => withQueryVectorLog(await loadEmbedder(id));
    this.legs = new LegFactory(name, this.reader, load, (id) => this.chunkLanguage(id), loadVectors);
  }

  get meta() {
    return this.reader.meta;
  }

  /** How many per-parameter leg parts (wink engines, postings scorers) this index keeps now, by kind. */
  keptLegParts(): Record<string, number> {
    return this.legs.kept();
  }

  /**
   * Reads now what every lexical search of this index reads first (the stored BM25 postings'
   * statistics, lengths and document keys; the language detector, if its queries need one, starts
   * loading) and runs a few searches of its own terms through the postings engine (its JIT
   * compiled, its head blocks read: postings-warm-up.ts), so a
   * server that opens its indexes at start answers the first search without that cost: 8 MB
   * read, some tens of milliseconds, at a million chunks. Nothing per parameter pair or per leg is built (an index without postings
   * falls back to wink, whose engine is built by the first search that asks for it), and dense
   * vectors stay unread until a dense search (their memory is only spent on indexes searched so).
   */
  async openForSearch(): Promise<void> {
    // Awaited (about 0.3 s before the server listens, and only where queries are analysed per
    // language): started and not awaited, a multilingual index's first query waited 2.3 s for it.
    // A failed load fails that search instead, with its own message.
    const languagesReady = await readyForQueries(this.meta.tokenizer).then(
      () => true,
      () => false,
    );
    const source = this.reader.postingsSource();
    // A few searches before the server reports ready, so a worker's first queries run warm code.
    if (!source) return;
    this.warmUp = warmUpPostings(source);
    // And one whole search as a request makes it (analysis, the lexical leg, hydration): at 1M
    // the first search after the engine's warm-up alone still took 120-150 ms.
    if (this.warmUp.text && languagesReady)
      await this.search({
        query: this.warmUp.text,
        mode: 'bm25',
        pipeline: pipelineForMode('bm25', { engine: 'postings', k: 10, level: 'chunk' }),
      }).catch(() => {}); // a warm-up that fails leaves the first real search to report why
  }

  /** What openForSearch's warm-up of the postings engine ran (undefined before it, or without postings). */
  warmUp?: WarmUp;

  /** The pipeline's legs, compiled filter and rerank stage over this index, ready to run query after query. */
  async prepare(pipeline: Pipeline): Promise<PipelineParts> {
    await readyForQueries(this.meta.tokenizer);
    return this.parts(pipeline);
  }

  /** prepare() without loading the language detector: the caller has made sure its queries need none or it is loaded. */
  private async parts(pipeline: Pipeline): Promise<PipelineParts> {
    const legs = await Promise.all(pipeline.legs.map((leg) => this.legs.legFor(leg)));
    return {
      pipeline,
      legs,
      ...(pipeline.filter && { filter: this.reader.compileFilter(pipeline.filter) }),
      ...(pipeline.rerank && {
        rerank: { reranker: rerankerFor(pipeline.rerank), textOf: (hit) => this.passageText(hit) },
      }),
    };
  }

  /**
   * What a reranker reads for a hit: its passage (at document level the best chunk) with the
   * document title in front, the text the index's dense model embedded (embed-text.ts).
   */
  passageText(hit: Hit): string {
    return embedText(hydrate(this.reader, hit));
  }

  /**
   * Each leg's account of the query, for the legs whose type gives one (the lexical and expansion
   * legs): the terms each searches for, an expanding leg's feedback and weighted query, and how it
   * runs. What `testbed search --sql` and `--explain` print, and what the playground highlights.
   */
  async explainLegs(pipeline: Pipeline, query: string): Promise<{ leg: Leg; explanation: LegExplanation }[]> {
    await readyForQuery(this.meta.tokenizer, this.meta.languages ?? {}, query, pipeline.qlang);
    const filter = pipeline.filter && this.reader.compileFilter(pipeline.filter);
    const options = { ...(filter && { filter }), ...(pipeline.qlang && { queryLang: pipeline.qlang }) };
    return pipeline.legs.flatMap((leg) => {
      const explanation = this.legs.explain(leg, query, options);
      return explanation ? [{ leg, explanation }] : [];
    });
  }

  /** One query through a prepared pipeline: ranked hits, not hydrated. */
  retrieve(parts: PipelineParts, query: string, context: QueryContext = {}): Promise<Retrieval> {
    return runPipeline(parts, query, context);
  }

  async search(req: SearchRequest): Promise<SearchResponse> {
    this.inFlight++;
    try {
      const t0 = performance.now();
      // The detector only if this query's terms depend on its language (a one-off CLI search of
      // `error E1042` never loads it); a server has it loaded already (openForSearch).
      await readyForQuery(this.meta.tokenizer, this.meta.languages ?? {}, req.query, req.pipeline.qlang);
      const parts = await this.parts(req.pipeline);
      const result = await runPipeline(parts, req.query, req.queryId !== undefined ? { queryId: req.queryId } : {});
      const t1 = performance.now();
      const hits = result.hits.map((h) => hydrate(this.reader, h));
      const t2 = performance.now();
      return {
        index: this.name,
        mode: req.mode ?? 'pipeline',
        q: req.query,
        k: req.pipeline.k,
        level: req.pipeline.level,
        // Echoed as reports show it: no URL userinfo, no header value written out (redact-config.ts).
        pipeline: redactConfig(req.pipeline),
        took_ms: { total: t2 - t0, ...result.timings, hydrate: t2 - t1 },
        hits,
        ...(result.expansions && { expansions: result.expansions }),
      };
    } finally {
      this.inFlight--;
      if (this.closing && this.inFlight === 0) this.reader.close();
    }
  }

  /**
   * The stored language of a chunk (undefined when it has none); the lookup table is built once,
   * on first use, from the per-language chunk lists.
   */
  chunkLanguage(chunkId: string): string | undefined {
    if (!this.chunkLanguages) {
      this.chunkLanguages = new Map();
      for (const lang of Object.keys(this.meta.languages ?? {})) {
        for (const id of this.reader.chunkIdsInLanguage(lang)) this.chunkLanguages.set(id, lang);
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
}
