import type { Query } from '../corpus/types.js';
import type { Hit } from '../ranking/hit.js';
import { trecOrder } from '../runs/run.js';
import type { Pipeline } from '../pipeline/resolve-pipeline.js';
import { failedQueryOf, type FailedQuery } from './failed-query.js';
import type { Searcher } from './searcher.js';

export interface QueryResult {
  qid: string;
  /** Best first, in trec_eval's order (score descending, ties by id descending). */
  hits: Hit[];
  /** Retrieval time, query embedding by the model included. */
  ms: number;
  /** With a rerank stage: the first stage's hits before it, in the same order. */
  firstStage?: Hit[];
}

/**
 * Runs every query of a query set through one pipeline over one index: what `testbed retrieve`
 * writes as a run file and what an experiment cell scores, so the two cannot differ. A query's
 * language is the pipeline's `qlang`, else the query's own `language` tag; its id reaches
 * run-file legs. With `onFailure`, a query a remote leg fails for (failed-query.ts) is handed
 * there and left out of the results, and the others still run; without it, it ends the run.
 */
export async function runQuerySet(
  searcher: Searcher,
  pipeline: Pipeline,
  queries: readonly Query[],
  onQuery?: (result: QueryResult) => void,
  onFailure?: (failure: FailedQuery) => void,
): Promise<QueryResult[]> {
  const parts = await searcher.prepare(pipeline);
  const results: QueryResult[] = [];
  for (const q of queries) {
    const t0 = performance.now();
    const tagged = typeof q.metadata.language === 'string' ? q.metadata.language : undefined;
    let hits: Hit[];
    let firstStage: Hit[] | undefined;
    try {
      ({ hits, firstStage } = await searcher.retrieve(parts, q.text, {
        queryId: q.id,
        ...(tagged && { queryLang: tagged }),
      }));
    } catch (err) {
      const failure = onFailure && failedQueryOf(q.id, err);
      if (!failure) throw err;
      onFailure(failure);
      continue;
    }
    // Retrievers already rank in trec_eval's order (compareHits); sorting again guards that what
    // is scored is the order the run file will be read back in.
    const result: QueryResult = {
      qid: q.id,
      hits: trecOrder(hits),
      ms: performance.now() - t0,
      ...(firstStage && { firstStage: trecOrder(firstStage) }),
    };
    results.push(result);
    onQuery?.(result);
  }
  return results;
}
