import { z } from 'zod/v4';
import { NotFoundError } from '../../errors.js';
import { boundedText, MAX_TEXT_CHARS } from '../bounded-text.js';
import { type McpTool, parseArguments, type ToolContext } from '../mcp-tool.js';
import { openedIndex } from '../opened-index.js';

const DEFAULT_MAX_CHARS = 4000;
const input = z
  .object({
    index: z.string().min(1).describe('the index name (list_indexes)'),
    id: z.string().min(1).describe("a document id (a hit's doc_id) or a chunk id (a hit's id at chunk level)"),
    max_chars: z
      .number()
      .int()
      .min(0)
      .max(MAX_TEXT_CHARS)
      .default(DEFAULT_MAX_CHARS)
      .describe(`characters of the text to return (at most ${MAX_TEXT_CHARS})`),
  })
  .strict();

/** `get_document`: a document or one chunk of it by id, its text cut to max_chars. */
export function getDocumentTool({ deps }: ToolContext): McpTool {
  return {
    name: 'get_document',
    title: 'Read a document or a chunk',
    description:
      "A document by its id (title, text, its chunks' ids) or a chunk by its id (document id, title, text, character span in the document), the text cut to max_chars (truncated: true when it was).",
    input,
    annotations: { readOnlyHint: true, openWorldHint: false },
    async run(args) {
      const { index, id, max_chars } = parseArguments(input, args);
      const { reader } = openedIndex(deps, index);
      const document = reader.document(id);
      if (document) {
        const { text, truncated } = boundedText(document.text, max_chars);
        const chunks = reader.chunksOf(id).map((chunk) => chunk.id);
        return { index, kind: 'document', id, title: document.title, text, ...(truncated && { truncated }), chunks };
      }
      const chunk = reader.chunk(id);
      if (!chunk) throw new NotFoundError(`index "${index}" has no document or chunk "${id}"`);
      const { text, truncated } = boundedText(chunk.text, max_chars);
      return {
        index,
        kind: 'chunk',
        id,
        doc_id: chunk.docId,
        title: chunk.title,
        text,
        ...(truncated && { truncated }),
        start: chunk.start,
        end: chunk.end,
      };
    },
  };
}
