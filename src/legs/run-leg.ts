import { InputError } from '../errors.js';
import type { Run } from '../runs/run.js';
import type { Retriever } from '../retrievers/types.js';

/**
 * A TREC run file as a leg: a Pyserini, production or earlier testbed run fused like any other
 * retriever. Its ranking for a query is looked up by the query's id, so it serves query sets
 * (retrieve, experiments), not free text. The run is document level (its ids are document ids);
 * the filter keeps the documents it passes. The run is read in trec_eval's order (score
 * descending, ties by id descending), which is already the order hits are ranked in here.
 *
 * `chunkOf` names the passage a document's hit carries (its first chunk in the index); a
 * document the index does not hold keeps its own id there and is still ranked: the run said so.
 */
export function createRunLeg(
  name: string,
  file: string,
  run: Run,
  chunkOf: (docId: string) => string | undefined,
): Retriever {
  return {
    name,
    async search(_query, { k, level, filter, queryId }) {
      if (level !== 'doc')
        throw new InputError(`leg "${name}" is a run file (${file}): it ranks documents, so it needs level doc`);
      if (queryId === undefined)
        throw new InputError(
          `leg "${name}" is a run file (${file}): its rankings are found by query id, which a free-text search does not have`,
        );
      const docs = (run.get(queryId) ?? []).filter((d) => !filter || filter.docIds.has(d.id)).slice(0, Math.max(0, k));
      const hits = docs.map((d, i) => ({
        id: d.id,
        docId: d.id,
        chunkId: chunkOf(d.id) ?? d.id,
        score: d.score,
        rank: i + 1,
      }));
      return { hits, timings: {} };
    },
  };
}
