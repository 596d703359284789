import type { z } from 'zod/v4';
import type { Embedder } from '../embedders/types.js';
import type { LegCallSettings, RemoteClient } from '../remote/remote-client.js';
import type { VectorTable } from '../retrievers/dense.js';
import type { LexicalIndex, WeightedTerm } from '../retrievers/lexical-index.js';
import type { PostingsBM25Params } from '../retrievers/postings-bm25.js';
import type { Retriever, SearchOptions } from '../retrievers/types.js';
import type { Bm25Analysis } from '../store/bm25-analysis.js';
import type { Engine, Level } from '../schemas/names.js';
import type { IndexReader } from '../store/index-reader.js';

/**
 * One leg type, described once: its schema, how a pipeline settles and checks it, the retriever
 * it makes, and what the rest of the program needs to know about it without naming it (the
 * endpoints it calls, whether it embeds the query, whether its results are ANN results). The
 * registry (registry.ts) holds one row per leg type and derives everything else from the rows:
 * the pipeline's leg union, the factory dispatch, --allow-remote's targets, the report's
 * endpoints. Adding a leg type is one file that exports a definition plus one row.
 */
export interface LegDefinition<Type extends string = string, Fields extends z.ZodRawShape = z.ZodRawShape> {
  type: Type;
  /** One line for the OpenAPI document and --help: what the leg ranks by. */
  description: string;
  /** The leg's own fields (not `type` or `name`), with their bounds, defaults and help. */
  fields: Fields;
  /** The name of a leg that is not given one. */
  defaultName(leg: LegOf<Type, Fields>): string;
  /** Fills in what the schema cannot default (an http leg's method from its body). */
  settle?(leg: NamedLeg<Type, Fields>): NamedLeg<Type, Fields>;
  /** The rules a schema cannot say, checked when a pipeline is parsed: the first problem, or undefined. */
  check?(leg: LegOf<Type, Fields>, pipeline: PipelineContext): LegProblem | undefined;
  /** The leg's retriever over one open index; errors a leg can see before its first query are thrown here. */
  create(leg: NamedLeg<Type, Fields>, ctx: LegContext): Retriever | Promise<Retriever>;
  /** Every remote endpoint the leg calls, by role (none for a leg computed here). */
  endpoints?(leg: NamedLeg<Type, Fields>): LegEndpoint[];
  /**
   * Whether the leg embeds each query with the index's own embedder: it then needs an index built
   * with one, and an experiment's grid varies it with its embedders.
   */
  embedsQuery?(leg: NamedLeg<Type, Fields>): boolean;
  /**
   * Whether the leg's results are an approximate nearest-neighbour search over the vectors of our
   * index's embedder, so `ann_recall@k` can hold them against our exact scan.
   */
  annResults?(leg: NamedLeg<Type, Fields>): boolean;
  /**
   * For a leg whose ANN search runs here (no endpoint to name): its settings as a report shows
   * them where a remote leg's endpoint stands (`usearch HNSW M=16 ef_construction=128 ef_search=64`).
   */
  annSetting?(leg: NamedLeg<Type, Fields>): string | undefined;
  /**
   * The fields that name a file the leg reads (a run leg's `file`): an experiment keys its cached
   * results by the files' content, since a file can change under the same name, and a server
   * confines them to its roots before anything reads them.
   */
  fileFields?: readonly string[];
  /**
   * Whether the leg finds each query's results by the query's id in a query set (a run file), so
   * only query sets can use it (`testbed retrieve`, experiments), never a free-text search.
   */
  byQueryId?: boolean;
  /**
   * What the leg ranks by, when it is one of the two signals a hybrid is read by: lexical (term
   * matching) or dense (vectors). Which leg carried a hybrid's hits is counted from this.
   */
  signal?(leg: NamedLeg<Type, Fields>): LegSignal | undefined;
  /** What the rest of the program asks of the leg instead of its type name (leg-traits.ts). */
  traits?: LegTraits;
  /**
   * The lexical engine whose analysis the leg's terms follow, when it matches the index's
   * analysed terms: the playground then marks the words it matched as that engine analyses them.
   */
  lexicalEngine?(leg: NamedLeg<Type, Fields>): Engine | undefined;
  /**
   * How the leg searches for one query over this index: the terms it analysed, the weighted query
   * an expanding leg built, and how it runs (SQL, tables): `testbed search --sql` and `--explain`.
   */
  explain?(leg: NamedLeg<Type, Fields>, ctx: LegContext, query: string, options: ExplainOptions): LegExplanation;
}

/** Traits a leg type declares once, for the code that would otherwise branch on its type. */
export interface LegTraits {
  /**
   * The leg reformulates each query from its first results (pseudo-relevance feedback): its
   * expansion terms are shown and highlighted, and under a filter the feedback itself is read
   * from the passing chunks, so a filtered search is not the unfiltered one minus what fails.
   */
  expandsQuery?: boolean;
}

/** What explaining one query takes: its language and the search's filter, as the search would get them. */
export type ExplainOptions = Pick<SearchOptions, 'filter' | 'queryLang'>;

/** One leg's account of a query (LegDefinition.explain). */
export interface LegExplanation {
  /** The analysed query terms the leg searches for (a repeated term listed again), or FTS5's phrases. */
  terms: string[];
  /** An expanding leg's: the chunks read for feedback and the weighted query its second pass scored. */
  expansion?: { feedback: { chunkId: string; score: number }[]; terms: WeightedTerm[] };
  /** How it runs, one line each (the MATCH expression and SQL of an fts5 leg, the tables postings reads). */
  notes: string[];
}

/** A leg as parsed: `type`, an optional `name`, and the fields with their defaults applied. */
export type LegOf<Type extends string, Fields extends z.ZodRawShape> = {
  type: Type;
  name?: string | undefined;
} & FieldsOf<Fields>;
/** The fields' parsed values; zod types a leg type with no fields of its own as a record of nevers, read as none. */
export type FieldsOf<Fields extends z.ZodRawShape> =
  z.output<z.ZodObject<Fields>> extends infer O ? (string extends keyof O ? unknown : O) : never;
/** A leg with its name settled. */
export type NamedLeg<Type extends string, Fields extends z.ZodRawShape> = LegOf<Type, Fields> & { name: string };

/** What the pipeline around a leg says that a leg's checks may need. */
export interface PipelineContext {
  level: Level;
}

/** A problem with a leg: the field it lies in (undefined: the leg as a whole) and what to do. */
export interface LegProblem {
  field?: string;
  message: string;
}

/** The two signals a hybrid's carried counts tell apart. */
export type LegSignal = 'lexical' | 'dense';

/**
 * A remote endpoint a leg calls. `role` says what the call is for (`search`: the query, answered
 * by hits; `setup`: made once before the first query, as an opensearch-hybrid leg creates its
 * search pipeline); the server's allow-list checks every endpoint whatever its role, and reports
 * list them. The URL is as configured (an http leg's may hold placeholders in its path and query).
 */
export interface LegEndpoint {
  role: 'search' | 'setup';
  /** SQL: a query sent to a database server (a postgres leg), not an HTTP request. */
  method: 'GET' | 'POST' | 'PUT' | 'SQL';
  url: string;
}

/** A kind of value a leg keeps per request-chosen key, and how many of them an open index keeps. */
export interface MemoBound {
  kind: string;
  keep: number;
}

/**
 * What a leg is made from: the open index and the services the factory keeps for it, so a leg
 * type needs nothing from the code that calls it.
 */
export interface LegContext {
  /** The index's name, for errors. */
  indexName: string;
  reader: IndexReader;
  /** Loads (once per process) the embedder an index was built with. */
  loadEmbedder(id: string): Promise<Embedder>;
  /** The index's vector table (this thread's own, or one shared by the search workers). */
  loadVectors(reader: IndexReader): VectorTable | Promise<VectorTable>;
  /** The language the index stored for a chunk. */
  chunkLanguage(chunkId: string): string | undefined;
  /**
   * One value per key for as long as the index is open, made again when `version` changes (a run
   * file's modification time); a promise that rejects is forgotten, so the next search retries.
   */
  memo<T>(key: string, make: () => T, version?: unknown): T;
  /**
   * As memo, for values keyed by what a request chose (a wink engine per (k1, b)): only the
   * `bound.keep` most recently used of `bound.kind` stay, so no client can grow them.
   */
  memoRecent<T>(bound: MemoBound, key: string, make: () => T): T;
  /** The one client of a remote leg as spelt, so its concurrency limit holds across queries. */
  remoteClient(leg: LegCallSettings): RemoteClient;
  /** How BM25 turns this index's chunks and queries into terms (made once per open index). */
  bm25Analysis(): Bm25Analysis;
  /**
   * The index's lexical index (lexical-index.ts) for one (k1, b): analysis, statistics, term
   * vectors and weighted BM25 over its postings. Undefined for an index built before postings.
   */
  lexicalIndex(params: PostingsBM25Params): LexicalIndex | undefined;
}

/** A definition with its types checked, the way each leg file declares one. */
export function defineLeg<const Type extends string, Fields extends z.ZodRawShape>(
  definition: LegDefinition<Type, Fields>,
): LegDefinition<Type, Fields> {
  return definition;
}
