import type { Hit, SourceName, Sources } from '../retrievers/types.js';
import { SOURCE_ORDER, type FusionInput } from './types.js';

/** Every document a fuser will score, with where it ranked in each list that held it. */
export interface Candidate {
  id: string;
  /** From the list where the document ranked best (ties: bm25). */
  docId: string;
  chunkId: string;
  sources: Sources;
}

/**
 * Puts the inputs in SOURCE_ORDER and rejects two lists from the same leg: `sources` is keyed
 * by leg, so a second bm25 list would silently overwrite the first.
 */
export function orderInputs(inputs: readonly FusionInput[]): FusionInput[] {
  const seen = new Set<SourceName>();
  for (const input of inputs) {
    if (seen.has(input.name)) throw new Error(`fusion: two input lists named "${input.name}"`);
    seen.add(input.name);
  }
  return SOURCE_ORDER.flatMap((name) => inputs.filter((i) => i.name === name));
}

/**
 * The union of the lists' ids, restricted to ids present in at least one list with weight > 0.
 * A weight of 0 switches a leg off: its documents must not pad the result with zero-score hits
 * (which would then be ordered by id alone), though where it ranked documents that do qualify
 * is still reported in `sources`.
 *
 * docId and chunkId come from the list where the document ranked best; on equal ranks the
 * earlier list in SOURCE_ORDER (bm25) wins. At document level the legs may name different best
 * chunks, so this choice matters.
 */
export function collectCandidates(inputs: readonly FusionInput[]): Candidate[] {
  const ordered = orderInputs(inputs);
  const byId = new Map<string, { candidate: Candidate; bestRank: number; counted: boolean }>();
  for (const { name, hits, weight } of ordered) {
    for (const hit of hits) {
      let entry = byId.get(hit.id);
      if (!entry) {
        entry = { candidate: fromHit(hit), bestRank: hit.rank, counted: false };
        byId.set(hit.id, entry);
      } else if (hit.rank < entry.bestRank) {
        // Strictly better only: on a tie the earlier list (bm25) keeps its chunk.
        entry.candidate.docId = hit.docId;
        entry.candidate.chunkId = hit.chunkId;
        entry.bestRank = hit.rank;
      }
      if (entry.candidate.sources[name]) {
        throw new Error(`fusion: id "${hit.id}" appears twice in the ${name} list`);
      }
      entry.candidate.sources[name] = { rank: hit.rank, score: hit.score };
      if (weight > 0) entry.counted = true;
    }
  }
  return [...byId.values()].filter((e) => e.counted).map((e) => e.candidate);
}

function fromHit(hit: Hit): Candidate {
  return { id: hit.id, docId: hit.docId, chunkId: hit.chunkId, sources: {} };
}
