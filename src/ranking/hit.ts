import type { Level } from '../schemas/names.js';

export type { Level };

/** Where one leg ranked a fused hit, keyed by the leg's name (`bm25`, `dense`, or a pipeline's own). */
export type Sources = Record<string, { rank: number; score: number }>;

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
  /** On fused hits only. */
  sources?: Sources;
}

export interface Retrieval {
  hits: Hit[];
  /** Milliseconds per stage (embed, bm25, dense, fuse, ...). */
  timings: Record<string, number>;
  /** With a rerank stage: the first stage's hits before the rerank, max(k, depth) of them. */
  firstStage?: Hit[];
  /** Per leg that expanded the query (rm3, rocchio, bo1), by leg name: the weighted terms it scored, heaviest first. */
  expansions?: Expansions;
}

/** Weighted query terms by leg name, for the legs that expanded the query. */
export type Expansions = Record<string, { term: string; weight: number }[]>;
