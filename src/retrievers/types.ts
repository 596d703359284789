/** Results are either passages (chunks) or whole documents ranked by their best chunk. */
export type Level = 'chunk' | 'doc';

/** Restricts a search to the chunks of one language (`lang=de`). */
export interface ChunkFilter {
  lang: string;
  /** The chunks in that language, for retrievers that filter in memory. */
  chunkIds: ReadonlySet<string>;
}

export interface SearchOptions {
  /** How many hits to return (after collapsing to documents when level is 'doc'). */
  k: number;
  level: Level;
  filter?: ChunkFilter;
  /** The query's language, when known (given, or detected): picks the analyser's stemmer. */
  queryLang?: string;
}

/** Which retriever contributed a hybrid hit, and where it ranked there. */
export type SourceName = 'bm25' | 'dense';
export type Sources = Partial<Record<SourceName, { rank: number; score: number }>>;

export interface Hit {
  /** The ranked unit: the chunk id at chunk level, the document id at document level. */
  id: string;
  docId: string;
  /** The chunk that carries the score (at document level: the document's best chunk). */
  chunkId: string;
  /** Higher is better, for every retriever. */
  score: number;
  /** 1-based, after the shared tie-break (score descending, then id descending in byte order: trec_eval's). */
  rank: number;
  /** On hybrid hits only. */
  sources?: Sources;
}

export interface Retrieval {
  hits: Hit[];
  /** Milliseconds per stage (embed, bm25, dense, fuse, ...). */
  timings: Record<string, number>;
}

/** The one interface every retriever implements; one contract suite checks them all. */
export interface Retriever {
  readonly name: string;
  search(query: string, options: SearchOptions): Promise<Retrieval>;
}
