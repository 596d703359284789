import type { SearchResponse } from '../../search/types.js';
import { rankMoves, type RankMove } from './rank-moves.js';

/** A column's list as the comparison needs it: its hits, and how its index was chunked. */
export interface ComparedList {
  response: Pick<SearchResponse, 'level' | 'hits'>;
  /** The index's chunker spec (its meta): equal specs give equal passage ids for equal text. */
  chunker: string;
}

/** One move per hit of a list, and what was matched up to find them. */
export interface ColumnMoves {
  by: 'passage' | 'document';
  moves: RankMove[];
}

/**
 * How the hits of `list` moved against `base`, compared at the level shown: passages by their
 * id when both lists show passages of indexes chunked alike (then an id names the same text in
 * both); documents by doc_id otherwise: both lists show documents, or the chunkings differ and
 * a passage id of one index names other text in the other. By document, a hit is measured from
 * the rank of its document's first hit in `base`.
 */
export function columnMoves(base: ComparedList, list: ComparedList): ColumnMoves {
  const byPassage = base.response.level === 'chunk' && list.response.level === 'chunk' && base.chunker === list.chunker;
  const key = byPassage ? (h: { id: string }) => h.id : (h: { doc_id: string }) => h.doc_id;
  return {
    by: byPassage ? 'passage' : 'document',
    moves: rankMoves(base.response.hits.map(key), list.response.hits.map(key)),
  };
}
