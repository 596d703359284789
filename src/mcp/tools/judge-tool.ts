import { z } from 'zod/v4';
import { addJudgement, MAX_GRADE, MAX_NOTE_LENGTH } from '../../gold/index.js';
import { qrelsPath } from '../../gold/qrels-path.js';
import { type McpTool, parseArguments, type ToolContext } from '../mcp-tool.js';
import { aboutArgument } from '../tool-result.js';
import { checkMayWrite } from '../write-permission.js';

/** Who made a judgement an agent records: the agent itself, or a person it asked. */
const SOURCES = ['agent', 'human'] as const;

const input = z
  .object({
    qrels: z
      .string()
      .min(1)
      .describe('the gold set: a BEIR qrels file inside the corpora root, e.g. demo/qrels/test.tsv'),
    query_id: z.string().min(1).describe("the query's id in the gold set"),
    doc_id: z.string().min(1).describe('the document judged'),
    grade: z.number().int().min(0).max(MAX_GRADE).default(1).describe(`relevance, 0 (not relevant) to ${MAX_GRADE}`),
    source: z
      .enum(SOURCES)
      .default('agent')
      .describe('agent: the agent judged; human: a person judged and the agent records it'),
    judge: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe("who judged (default: the MCP client's name); agreement between judges is measured by it"),
    note: z
      .string()
      .max(MAX_NOTE_LENGTH - 100)
      .optional()
      .describe('why, for whoever reviews the gold set'),
  })
  .strict();

/**
 * `judge`: one relevance judgement added to a gold set, through the gold module that POST /gold
 * writes with, tagged with its source (agent or human) and its provenance: the judge is the MCP
 * client unless named, and the note says it came over MCP from that client. Listed only when the
 * server was started with --allow-judging; over HTTP it needs the token when there is one.
 */
export function judgeTool(context: ToolContext): McpTool {
  const { deps, clientName } = context;
  return {
    name: 'judge',
    title: 'Record a relevance judgement',
    description:
      "Add a relevance judgement (query_id, doc_id, grade 0-10) to a gold set's additions file, tagged as an agent's or a person's judgement with the MCP client as provenance. Answers the judgement as stored. It counts in every later evaluation against that gold set.",
    input,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    async run(args, extra) {
      const req = parseArguments(input, args);
      checkMayWrite(deps, extra, 'judge');
      const client = clientName() ?? 'an unnamed client';
      const provenance = `(recorded over MCP by ${client.slice(0, 80)})`;
      const qrels = aboutArgument('qrels', () => qrelsPath(deps.corporaRoot, req.qrels));
      const addition = await addJudgement(qrels, {
        queryId: req.query_id,
        docId: req.doc_id,
        grade: req.grade,
        note: req.note ? `${req.note} ${provenance}` : provenance,
        judge: req.judge ?? client.slice(0, 100),
        source: req.source,
      });
      return { judgement: addition };
    },
  };
}
