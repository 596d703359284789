import { FUSION_DEFAULTS, type FusionOptions } from '../../src/fusion/options.js';
import { createHybridRetriever } from '../../src/retrievers/hybrid.js';
import type { Retriever } from '../../src/retrievers/types.js';
import type { Searcher } from '../../src/search/searcher.js';
import type { Engine } from '../../src/search/types.js';
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

const bm25 = (engine: Engine) => ({ mode: 'bm25' as const, engine, fusion: FUSION_DEFAULTS.rrf });

/**
 * The single retrievers (BM25 three ways, dense) and, when the index has vectors, the hybrids:
 * RRF k 60 with dense weights 1, 0.5, 0.25, 0.1 and min-max score fusion with alpha 0.1..0.9,
 * depth 100 per leg. `unicode61` and `porter` are the same corpus indexed with each FTS5
 * tokenizer (wink and dense read the porter one; neither depends on the FTS5 tokenizer).
 *
 * Hybrids fuse memoised legs with the real createHybridRetriever: each leg runs once per query
 * for the whole sweep. `reference` is the Searcher's own hybrid (RRF 1/1) for the same leg, to
 * check that the memoised path returns the same rankings.
 */
export async function qualityRuns(
  unicode61: Searcher,
  porter: Searcher,
  lexicalLeg: LexicalLeg,
): Promise<{ runs: QualityRun[]; reference?: Retriever }> {
  const singles: QualityRun[] = [
    { label: 'BM25 FTS5 (unicode61)', short: 'FTS5 unicode61', kind: 'single', retriever: await unicode61.retriever(bm25('fts5')) },
    { label: 'BM25 FTS5 (porter)', short: 'FTS5 porter', kind: 'single', retriever: await porter.retriever(bm25('fts5')) },
    { label: 'BM25 wink (k1 0.9, b 0.4, Porter2, stop words)', short: 'wink', kind: 'single', retriever: await porter.retriever(bm25('wink')) },
  ];
  const embedder = porter.meta.embedder;
  if (!embedder) return { runs: singles };

  const dense = await porter.retriever({ ...bm25('fts5'), mode: 'dense' });
  singles.push({ label: `dense (${embedder.id})`, short: 'dense', kind: 'single', retriever: dense });

  const legSearcher = lexicalLeg === 'fts5-unicode61' ? unicode61 : porter;
  const legEngine: Engine = lexicalLeg === 'wink' ? 'wink' : 'fts5';
  const lexical = memoRetriever(await legSearcher.retriever(bm25(legEngine)));
  const denseLeg = memoRetriever(dense);
  const hybrid = (label: string, fusion: FusionOptions): QualityRun => ({
    label,
    short: label,
    kind: 'hybrid',
    retriever: createHybridRetriever(lexical, denseLeg, fusion),
  });
  const rrf = RRF_DENSE_WEIGHTS.map((w) =>
    hybrid(`hybrid RRF k 60, weights 1/${w}`, { method: 'rrf', k: 60, weights: { bm25: 1, dense: w }, depth: 100 }),
  );
  const score = SCORE_ALPHAS.map((alpha) =>
    hybrid(`hybrid score min-max, alpha ${alpha}`, { method: 'score', alpha, normalization: 'minmax', depth: 100 }),
  );
  const reference = await legSearcher.retriever({ mode: 'hybrid', engine: legEngine, fusion: FUSION_DEFAULTS.rrf });
  return { runs: [...singles, ...rrf, ...score], reference };
}
