import type { Query } from '../../../src/corpus/types.js';
import { parsePipeline } from '../../../src/pipeline/resolve-pipeline.js';
import type { FailedQuery } from '../../../src/search/failed-query.js';
import { runQuerySet } from '../../../src/search/run-query-set.js';
import { Searcher } from '../../../src/search/searcher.js';
import { buildTinyIndex } from '../../helpers/tiny-index.js';
import { tmpDir } from '../../helpers/tmp.js';

/**
 * What the query-set tests against in-test engines share: a searcher over the tiny index with
 * no embedder (only the remote leg runs), n numbered queries, and a pipeline of one http leg
 * named `engine` reading `{items: [{doc, s}]}` answers.
 */
export async function searcherWithoutEmbedder(prefix: string): Promise<Searcher> {
  const { file } = await buildTinyIndex(tmpDir(prefix), { chunker: 'doc' });
  return new Searcher('tiny', file, () => Promise.reject(new Error('no embedder in this test')));
}

export const numberedQueries = (n: number): Query[] =>
  Array.from({ length: n }, (_, i) => ({ id: `q${i}`, text: `query ${i}`, metadata: {} }));

export const httpLegPipeline = (url: string, extra: Record<string, unknown> = {}) =>
  parsePipeline({
    legs: [{ type: 'http', name: 'engine', url, hits: 'items', id: 'doc', score: 's', ...extra }],
    level: 'doc',
    k: 5,
  });

/** Runs n numbered queries through one http leg at `url`; the failures as reported, and the wall time. */
export async function runHttpLeg(searcher: Searcher, url: string, n: number, extra: Record<string, unknown> = {}) {
  const failed: FailedQuery[] = [];
  const t0 = performance.now();
  const results = await runQuerySet(searcher, httpLegPipeline(url, extra), numberedQueries(n), undefined, (f) =>
    failed.push(f),
  );
  return { results, failed, seconds: (performance.now() - t0) / 1000 };
}
