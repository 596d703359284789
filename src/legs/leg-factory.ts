import fs from 'node:fs';
import { createQueryTerms } from '../analysis/query-terms.js';
import type { Embedder } from '../embedders/types.js';
import { InputError } from '../errors.js';
import { allocateVectorMatrix, createDenseRetriever, type VectorTable } from '../retrievers/dense.js';
import { createEngineLeg, type EngineLeg } from './engine/engine-leg.js';
import { createFts5Retriever } from '../retrievers/fts5-bm25.js';
import { createHttpLeg } from './http/http-leg.js';
import { createRunLeg } from './run-leg.js';
import type { Retriever } from '../retrievers/types.js';
import { createWinkRetriever, type TermAnalysis, type WinkBM25Params } from '../retrievers/wink-bm25.js';
import { legClientOptions, RemoteClient } from '../remote/remote-client.js';
import { readTrecRun } from '../runs/trec-run-reader.js';
import { embedsQuery } from './engine/engine-leg-vectors.js';
import type { HttpLeg, Leg } from './leg-spec.js';
import type { IndexReader } from '../store/index-reader.js';
import { RecentCache } from '../store/recent-cache.js';
import { analyzerFor } from '../store/tokenizers.js';

/** Loads (once per process) the embedder an index was built with. */
export type EmbedderLoader = (id: string) => Promise<Embedder>;

/**
 * Loads an open index's vector table for its dense leg. By default it is read from the file into
 * this thread's own kernel memory; a search worker borrows a table shared with the others.
 */
export type VectorLoader = (reader: IndexReader) => VectorTable | Promise<VectorTable>;

/** Remote legs whose client (and so concurrency limit) an open index keeps. */
const RECENT_REMOTE_LEGS = 32;

const ownTable: VectorLoader = (reader) => reader.loadVectors(allocateVectorMatrix);

/**
 * Makes the retriever behind each leg of a pipeline over one open index, and keeps it: the FTS5
 * leg is a prepared statement, a wink engine is built once per (k1, b), the dense table and the
 * query embedder are loaded on first use, and a run file is read once per modification time.
 * An index only ever searched lexically loads no model and no vectors.
 */
export class LegFactory {
  private readonly fts5: Retriever;
  private readonly wink = new Map<string, Retriever>();
  private dense?: Promise<Retriever>;
  private readonly runs = new Map<string, { mtimeMs: number; run: ReturnType<typeof readTrecRun> }>();
  /**
   * One client per remote leg (by its settings), so its concurrency limit holds across every
   * query that uses it; the most recent few only, as a server's callers may each send their own.
   */
  private readonly remotes = new RecentCache<string, RemoteClient>(RECENT_REMOTE_LEGS);

  constructor(
    private readonly indexName: string,
    private readonly reader: IndexReader,
    private readonly loadEmbedder: EmbedderLoader,
    private readonly chunkLanguage: (chunkId: string) => string | undefined,
    private readonly loadVectors: VectorLoader = ownTable,
  ) {
    this.fts5 = createFts5Retriever(reader);
  }

  /** The leg's retriever, named as the leg. */
  async legFor(leg: Leg): Promise<Retriever> {
    const retriever = await this.engineFor(leg);
    return { name: leg.name, search: (query, options) => retriever.search(query, options) };
  }

  private engineFor(leg: Leg): Promise<Retriever> | Retriever {
    if (leg.type === 'lexical')
      return leg.engine === 'fts5'
        ? this.fts5
        : this.winkEngine({ ...(leg.k1 !== undefined && { k1: leg.k1 }), ...(leg.b !== undefined && { b: leg.b }) });
    if (leg.type === 'dense') return this.denseEngine();
    if (leg.type === 'opensearch' || leg.type === 'elasticsearch' || leg.type === 'qdrant') return this.engineLeg(leg);
    if (leg.type === 'http') return this.httpEngine(leg);
    return this.runEngine(leg.name, leg.file);
  }

  private winkEngine(params: WinkBM25Params): Retriever {
    const key = JSON.stringify(params);
    let r = this.wink.get(key);
    if (!r) {
      r = createWinkRetriever(this.reader.chunks(), params, this.termAnalysis());
      this.wink.set(key, r);
    }
    return r;
  }

  /**
   * On an index built with a pre-analysed tokenizer (`english`, `multilingual`), wink analyses as
   * FTS5 does there: each chunk in its stored language, each query into the terms FTS5 would
   * search for, with the analyser the index records. Undefined elsewhere: wink's English analysis.
   */
  private termAnalysis(): TermAnalysis | undefined {
    const meta = this.reader.meta;
    const analyze = analyzerFor(meta.tokenizer, {});
    if (!analyze) return undefined;
    return { analyze, chunkLanguage: this.chunkLanguage, queryTerms: createQueryTerms(analyze, meta.languages ?? {}) };
  }

  private denseEngine(): Promise<Retriever> {
    const spec = this.reader.meta.embedder;
    if (!spec) {
      return Promise.reject(
        new InputError(
          `index "${this.indexName}" was built without embeddings (--embedder none): only lexical legs are available`,
        ),
      );
    }
    this.dense ??= this.loadEmbedder(spec.id).then(async (e) =>
      createDenseRetriever(await this.loadVectors(this.reader), e),
    );
    // A failed load (model missing) must not stick: the next request tries again.
    this.dense.catch(() => (this.dense = undefined));
    return this.dense;
  }

  /** A search-engine leg. A vector leg embeds with the index's own embedder (loaded once per process), as the dense leg does. */
  private async engineLeg(leg: EngineLeg): Promise<Retriever> {
    const spec = this.reader.meta.embedder;
    const embedder = embedsQuery(leg) && spec ? await this.loadEmbedder(spec.id) : undefined;
    return createEngineLeg(leg, { client: this.remoteClient(leg), index: this.reader, ...(embedder && { embedder }) });
  }

  private httpEngine(leg: HttpLeg): Retriever {
    return createHttpLeg(leg, this.remoteClient(leg), this.reader);
  }

  /** The one client of a remote leg as spelt (kept in `remotes`, so its concurrency limit is shared). */
  private remoteClient(leg: HttpLeg | EngineLeg): RemoteClient {
    return this.remotes.get(JSON.stringify(leg), () => new RemoteClient(legClientOptions(leg)));
  }

  private async runEngine(name: string, file: string): Promise<Retriever> {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      throw new InputError(`leg "${name}": run file not found: ${file}`);
    }
    let cached = this.runs.get(file);
    if (!cached || cached.mtimeMs !== stat.mtimeMs) {
      cached = { mtimeMs: stat.mtimeMs, run: readTrecRun(file) };
      this.runs.set(file, cached);
      cached.run.catch(() => this.runs.delete(file));
    }
    const run = await cached.run;
    return createRunLeg(name, file, run, (docId) => this.reader.chunksOf(docId)[0]?.id);
  }
}
