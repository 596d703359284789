import { z } from 'zod/v4';
import { indexSummaries } from '../index-summary.js';
import { type McpTool, parseArguments, type ToolContext } from '../mcp-tool.js';

const input = z.object({}).strict();

/** `list_indexes`: what can be searched, as GET /indexes knows it, in the few fields an agent picks an index by. */
export function listIndexesTool({ deps }: ToolContext): McpTool {
  return {
    name: 'list_indexes',
    title: 'List the indexes',
    description:
      'The indexes served: name, document and chunk counts, documents per language, chunker, tokenizer, embedder, and whether dense (and hybrid) search answers now (dense_ready).',
    input,
    annotations: { readOnlyHint: true, openWorldHint: false },
    async run(args) {
      parseArguments(input, args);
      return { indexes: indexSummaries(deps) };
    },
  };
}
