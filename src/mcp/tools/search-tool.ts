import { z } from 'zod/v4';
import type { SearchResponse } from '../../search/types.js';
import { boundedText, MAX_TEXT_CHARS } from '../bounded-text.js';
import { type McpTool, parseArguments, type ToolContext } from '../mcp-tool.js';
import { searchArguments, searchRequestOf } from '../search-arguments.js';
import { servedSearch } from '../served-search.js';

const DEFAULT_MAX_CHARS = 500;
const maxChars = z
  .number()
  .int()
  .min(0)
  .max(MAX_TEXT_CHARS)
  .default(DEFAULT_MAX_CHARS)
  .describe(`characters of each hit's passage to return (0: none; at most ${MAX_TEXT_CHARS})`);

const input = z.object({ ...searchArguments, max_chars: maxChars }).strict();

/**
 * `search`: the HTTP API's search (same parser, same searchers, same log), answered compactly for
 * a model's context: each hit's id, title, score, passage (max_chars) and each leg's rank.
 */
export function searchTool(context: ToolContext): McpTool {
  return {
    name: 'search',
    title: 'Search an index',
    description:
      'Search one index with a mode (bm25, dense, hybrid and their parameters) or a pipeline (legs, fusion, rerank). Answers the ranked hits: id, doc_id, title, score, the passage text (cut to max_chars) and the rank each leg gave the hit, with the query_id that identifies this search in the query log.',
    input,
    annotations: { readOnlyHint: true, openWorldHint: false },
    async run(args) {
      const { max_chars: bound, ...search } = args;
      const { max_chars } = parseArguments(z.object({ max_chars: maxChars }), { max_chars: bound });
      const { index, ...request } = searchRequestOf(search);
      const { queryId, response } = await servedSearch(context, index, request);
      return searchAnswer(queryId, response, max_chars);
    },
  };
}

/** A search's answer as the tool sends it: the hits trimmed to what a model reads. */
export function searchAnswer(queryId: string, response: SearchResponse, maxChars: number): Record<string, unknown> {
  const onlyLeg =
    response.pipeline.legs.length === 1 && !response.pipeline.rerank ? response.pipeline.legs[0]!.name : undefined;
  return {
    query_id: queryId,
    index: response.index,
    mode: response.mode,
    query: response.q,
    k: response.k,
    level: response.level,
    took_ms: response.took_ms.total,
    hits: response.hits.map((hit) => {
      const { text, truncated } = boundedText(hit.text, maxChars);
      // A fused hit names each leg's rank; a one-leg pipeline's rank is that leg's.
      const legs = hit.sources
        ? Object.fromEntries(Object.entries(hit.sources).map(([leg, { rank }]) => [leg, rank]))
        : onlyLeg !== undefined
          ? { [onlyLeg]: hit.rank }
          : {};
      return {
        rank: hit.rank,
        id: hit.id,
        doc_id: hit.doc_id,
        title: hit.title,
        score: hit.score,
        text,
        ...(truncated && { truncated: true }),
        legs,
      };
    }),
    ...(response.expansions && { expansions: response.expansions }),
  };
}
