import { runPipeline } from '../../src/pipeline/run-pipeline.js';
import type { Retriever } from '../../src/retrievers/types.js';
import type { Searcher } from '../../src/search/searcher.js';
import type { Engine } from '../../src/search/types.js';
import type { Pipeline } from '../../src/pipeline/resolve-pipeline.js';
import { pipelineForMode } from '../../src/pipeline/search-spec.js';
import { memoRetriever } from './memo-retriever.js';

/** One retrieval configuration of the quality table. */
export interface QualityRun {
  label: string;
  /** A few words naming it in the "best single" column. */
  short: string;
  kind: 'single' | 'hybrid';
  retriever: Retriever;
}

/** Which lexical retriever feeds the hybrid runs. */
export const LEXICAL_LEGS = ['fts5-porter', 'fts5-unicode61', 'wink'] as const;
export type LexicalLeg = (typeof LEXICAL_LEGS)[number];

/** The RRF dense-leg weights swept (BM25 weight 1) and the score-fusion alphas (dense weight). */
export const RRF_DENSE_WEIGHTS = [1, 0.5, 0.25, 0.1] as const;
export const SCORE_ALPHAS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9] as const;

/**
 * A pipeline over the given leg retrievers (in the pipeline's leg order, named as its legs) as a
 * Retriever: k, level, filter and the query's language come with each call, the rest (legs,
 * fusion) from the pipeline; runPipeline does the work, as it does for the Searcher.
 */
export function pipelineRetriever(name: string, pipeline: Pipeline, legs: readonly Retriever[]): Retriever {
  return {
    name,
    search: (query, { k, level, filter, queryLang, queryId }) =>
      runPipeline({ pipeline: { ...pipeline, k, level }, legs, ...(filter && { filter }) }, query, {
        ...(queryLang && { queryLang }),
        ...(queryId !== undefined && { queryId }),
      }),
  };
}

/** The one leg of the bm25 shorthand with this engine, over `searcher`. */
const bm25 = async (searcher: Searcher, engine: Engine): Promise<Retriever> =>
  (await searcher.prepare(pipelineForMode('bm25', { engine }))).legs[0]!;

/**
 * The single retrievers (BM25 three ways, dense) and, when the index has vectors, the hybrids:
 * RRF k 60 with dense weights 1, 0.5, 0.25, 0.1 and min-max score fusion with alpha 0.1..0.9,
 * depth 100 per leg. `unicode61` and `porter` are the same corpus indexed with each FTS5
 * tokenizer (wink and dense read the porter one; neither depends on the FTS5 tokenizer).
 *
 * Hybrids fuse memoised legs with the real runPipeline (pipelineRetriever): each leg runs once
 * per query for the whole sweep. `reference` is the Searcher's own hybrid (RRF 1/1) for the same leg, to
 * check that the memoised path returns the same rankings.
 */
export async function qualityRuns(
  unicode61: Searcher,
  porter: Searcher,
  lexicalLeg: LexicalLeg,
): Promise<{ runs: QualityRun[]; reference?: Retriever }> {
  const singles: QualityRun[] = [
    {
      label: 'BM25 FTS5 (unicode61)',
      short: 'FTS5 unicode61',
      kind: 'single',
      retriever: await bm25(unicode61, 'fts5'),
    },
    { label: 'BM25 FTS5 (porter)', short: 'FTS5 porter', kind: 'single', retriever: await bm25(porter, 'fts5') },
    {
      label: 'BM25 wink (k1 0.9, b 0.4, Porter2, stop words)',
      short: 'wink',
      kind: 'single',
      retriever: await bm25(porter, 'wink'),
    },
  ];
  const embedder = porter.meta.embedder;
  if (!embedder) return { runs: singles };

  const dense = (await porter.prepare(pipelineForMode('dense'))).legs[0]!;
  singles.push({ label: `dense (${embedder.id})`, short: 'dense', kind: 'single', retriever: dense });

  const legSearcher = lexicalLeg === 'fts5-unicode61' ? unicode61 : porter;
  const legEngine: Engine = lexicalLeg === 'wink' ? 'wink' : 'fts5';
  // Named as the hybrid shorthand's legs (bm25, dense), in its leg order.
  const lexical = memoRetriever(await bm25(legSearcher, legEngine));
  const denseLeg = memoRetriever(dense);
  const hybrid = (label: string, fusion: Record<string, unknown>): QualityRun => ({
    label,
    short: label,
    kind: 'hybrid',
    retriever: pipelineRetriever(label, pipelineForMode('hybrid', { engine: legEngine, ...fusion }), [
      lexical,
      denseLeg,
    ]),
  });
  const rrf = RRF_DENSE_WEIGHTS.map((w) =>
    hybrid(`hybrid RRF k 60, weights 1/${w}`, { fusion: 'rrf', rrf_k: 60, weights: [1, w], depth: 100 }),
  );
  // The shorthand's score fusion: wsum with weights (1 - alpha, alpha) over min-max scores.
  const score = SCORE_ALPHAS.map((alpha) =>
    hybrid(`hybrid score min-max, alpha ${alpha}`, { fusion: 'score', alpha, norm: 'minmax', depth: 100 }),
  );
  const referencePipeline = pipelineForMode('hybrid', { engine: legEngine, fusion: 'rrf' });
  const reference = pipelineRetriever('hybrid', referencePipeline, (await legSearcher.prepare(referencePipeline)).legs);
  return { runs: [...singles, ...rrf, ...score], reference };
}
