import path from 'node:path';
import { z } from 'zod/v4';
import { InputError } from '../../errors.js';
import { headlineTable } from '../headline-table.js';
import { type McpTool, parseArguments, type ToolContext } from '../mcp-tool.js';
import { runExperiment } from '../run-experiment.js';
import { scoreRun } from '../score-run.js';
import { checkMayWrite } from '../write-permission.js';

const input = z
  .object({
    experiment: z
      .string()
      .min(1)
      .optional()
      .describe('an experiment file of the experiments folder to run, e.g. bm25-dense-hybrid.yaml'),
    run: z.string().min(1).optional().describe('or: a TREC run file of the results folder to score'),
    qrels: z
      .string()
      .min(1)
      .optional()
      .describe('with run: the gold set, a BEIR qrels file inside the corpora root (its additions count)'),
    metrics: z
      .string()
      .min(1)
      .optional()
      .describe('with run: metrics as testbed eval takes them, e.g. ndcg@10,recall@5'),
  })
  .strict();

/**
 * `evaluate`: run an experiment file (a write: its report) and answer its headline table, with
 * progress notifications and cancellation, or score a run file against a gold set.
 */
export function evaluateTool({ deps }: ToolContext): McpTool {
  return {
    name: 'evaluate',
    title: 'Run an experiment or score a run',
    description:
      "Either run an experiment file (experiment) and answer its headline table: each configuration's mean of each metric, the query counts and the checks (sends progress notifications when given a progressToken; cancelling the request stops it), or score a TREC run file (run) against a gold set (qrels) on metrics.",
    input,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async run(args, extra) {
      const req = parseArguments(input, args);
      if (req.experiment !== undefined) {
        const stray = (['run', 'qrels', 'metrics'] as const).find((name) => req[name] !== undefined);
        if (stray) throw new InputError('give either experiment, or run and qrels, not both', { field: stray });
        checkMayWrite(deps, extra, 'an experiment');
        const { report, dir } = await runExperiment(deps, req.experiment, extra);
        const where = path.relative(deps.resultsRoot, dir).split(path.sep).join('/');
        return { ...headlineTable(report), report: `${where}/report.md` };
      }
      if (req.run === undefined) throw new InputError('give experiment, or run and qrels', { field: 'experiment' });
      if (req.qrels === undefined)
        throw new InputError('a run is scored against qrels: give qrels', { field: 'qrels' });
      return scoreRun(deps, { run: req.run, qrels: req.qrels, metrics: req.metrics });
    },
  };
}
