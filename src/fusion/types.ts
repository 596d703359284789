import type { Hit, SourceName, Sources } from '../retrievers/types.js';

/**
 * One ranked list to fuse: a leg's hits (ranked 1..n, ids unique within the list), the leg it
 * came from, and how much it counts.
 */
export type FusionInput = { name: SourceName; hits: Hit[]; weight: number };

/** A fused hit always says where it ranked in each input list that held it. */
export type FusedHit = Hit & { sources: Sources };

/**
 * Lists are always combined in this order, whatever order the caller passed them in, so that
 * floating-point sums (and the bm25-first tie rule for chunkId) never depend on argument order.
 */
export const SOURCE_ORDER: readonly SourceName[] = ['bm25', 'dense'];
