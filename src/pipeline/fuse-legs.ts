import { fuseLists } from '../fusion/fuse-lists.js';
import type { Hit, Sources } from '../ranking/hit.js';
import { compareIdBytes } from '../ranking/id-order.js';
import type { Fusion } from './resolve-pipeline.js';
import { settledConstantValues } from './settle-constants.js';

/** One leg's ranked hits, under the leg's name. */
export interface LegHits {
  name: string;
  hits: readonly Hit[];
}

/**
 * Fuses the legs' hit lists with the N-leg library (fusion/fuse-lists.ts: ranx's definitions)
 * and returns every fused hit ranked 1..n in the one tie order (fused score descending, then id
 * descending in byte order). Each hit carries `sources`: its rank and score in every leg that
 * returned it. Its chunk (the passage shown at document level) is the one from the leg that
 * ranked it best; on equal ranks, the leg whose name sorts first in byte order, so the choice
 * does not depend on the order the legs are written in.
 */
export function fuseLegs(legs: readonly LegHits[], fusion: Fusion): Hit[] {
  const lists = legs.map(({ name, hits }) => ({ name, items: hits.map((h) => ({ id: h.id, score: h.score })) }));
  const fused = fuseLists(lists, {
    method: fusion.method,
    norm: fusion.norm,
    weights: fusion.weights,
    constants: settledConstantValues(fusion),
  });
  const byName = [...legs].sort((a, b) => compareIdBytes(a.name, b.name));
  const seen = new Map<string, { best: Hit; sources: Sources }>();
  for (const { name, hits } of byName) {
    for (const hit of hits) {
      const entry = seen.get(hit.id);
      if (!entry) seen.set(hit.id, { best: hit, sources: { [name]: { rank: hit.rank, score: hit.score } } });
      else {
        entry.sources[name] = { rank: hit.rank, score: hit.score };
        if (hit.rank < entry.best.rank) entry.best = hit;
      }
    }
  }
  return fused.map(({ id, score }, i) => {
    const { best, sources } = seen.get(id)!;
    return { id, docId: best.docId, chunkId: best.chunkId, score, rank: i + 1, sources };
  });
}
