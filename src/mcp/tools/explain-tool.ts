import { z } from 'zod/v4';
import type { Pipeline } from '../../pipeline/resolve-pipeline.js';
import { MAX_K } from '../../schemas/defaults.js';
import type { SearchRequest, SearchResponse } from '../../search/types.js';
import { type McpTool, parseArguments, type ToolContext } from '../mcp-tool.js';
import { openedIndex } from '../opened-index.js';
import { searchArguments, searchRequestOf } from '../search-arguments.js';
import { checkedSearchJson } from '../served-search.js';

const DEFAULT_DEPTH = 100;
const ownArguments = {
  id: z.string().min(1).describe('the document id (or, at chunk level, the chunk id) asked about'),
  depth: z
    .number()
    .int()
    .min(1)
    .max(MAX_K)
    .default(DEFAULT_DEPTH)
    .describe(`how deep to look for it in the pipeline's list and each leg's (at most ${MAX_K})`),
};
const input = z.object({ ...searchArguments, ...ownArguments }).strict();

/**
 * `explain`: why a document came back for a query, or did not. The terms each lexical or
 * expanding leg searched for after the index's analysis (stems, stop words dropped), an expanding
 * leg's added terms and the chunks they came from, and where the document ranks in the whole
 * pipeline's list and in each leg's own list, `depth` deep (null: not in it). Its searches are a
 * diagnosis, not traffic: none is written to the query log.
 */
export function explainTool({ deps }: ToolContext): McpTool {
  return {
    name: 'explain',
    title: 'Explain a ranking',
    description:
      "Why one document did or did not come back for a query: each lexical leg's analysed query terms, an expansion leg's added terms and feedback chunks, and the document's rank in the pipeline's list and in each leg's own list, up to depth (null: not found there). Takes the same search arguments as search, plus id.",
    input,
    annotations: { readOnlyHint: true, openWorldHint: false },
    async run(args) {
      const { id: rawId, depth: rawDepth, ...search } = args;
      const { id, depth } = parseArguments(z.object(ownArguments), { id: rawId, depth: rawDepth });
      const { index, ...request } = searchRequestOf(search);
      const searcher = openedIndex(deps, index);
      const explained = await searcher.explainLegs(request.pipeline, request.query);
      const rankOf = async (pipeline: Pipeline) => {
        const deep: SearchRequest = { ...request, pipeline: { ...pipeline, k: depth } };
        const response = JSON.parse(await checkedSearchJson(deps, index, deep)) as SearchResponse;
        const hit = response.hits.find((h) => h.id === id || h.doc_id === id);
        return hit ? { rank: hit.rank, score: hit.score, hit_id: hit.id } : null;
      };
      const legs: Record<string, unknown> = {};
      for (const leg of request.pipeline.legs) {
        const { fusion: _fused, rerank: _reranked, ...alone } = request.pipeline;
        legs[leg.name] = await rankOf({ ...alone, legs: [leg] });
      }
      return {
        index,
        query: request.query,
        id,
        depth,
        level: request.pipeline.level,
        pipeline: await rankOf(request.pipeline),
        legs,
        analysed: explained.map(({ leg, explanation }) => ({
          leg: leg.name,
          terms: explanation.terms,
          ...(explanation.expansion && {
            expansion_terms: explanation.expansion.terms,
            feedback_chunks: explanation.expansion.feedback.map((f) => f.chunkId),
          }),
        })),
      };
    },
  };
}
