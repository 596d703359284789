import { insideRoot } from '../corpus/inside-root.js';
import { readJudgements } from '../gold/index.js';
import { qrelsPath } from '../gold/qrels-path.js';
import { DEFAULT_METRICS, evaluateRunQueries, parseMetricLists } from '../metrics/index.js';
import { readRunQueries } from '../runs/run-queries.js';
import { InputError } from '../errors.js';
import { aboutArgument } from './tool-result.js';
import type { McpDeps } from './mcp-deps.js';

/**
 * A TREC run file of the results folder scored against a gold set of the corpora root, as
 * `testbed eval` scores it: the qrels with their additions, unanswerable queries left out of the
 * means. Answers the means and the query counts.
 */
export async function scoreRun(
  deps: McpDeps,
  args: { run: string; qrels: string; metrics?: string | undefined },
): Promise<Record<string, unknown>> {
  let metrics: ReturnType<typeof parseMetricLists>;
  try {
    metrics = parseMetricLists([args.metrics ?? DEFAULT_METRICS]);
  } catch (err) {
    throw err instanceof InputError ? new InputError(err.detail, { field: 'metrics' }) : err;
  }
  const runFile = aboutArgument('run', () =>
    insideRoot(deps.resultsRoot, args.run, { field: 'run', root: 'results folder', kind: 'file' }),
  );
  const qrels = aboutArgument('qrels', () => qrelsPath(deps.corporaRoot, args.qrels));
  const { judgements } = await readJudgements(qrels, { original: false });
  const { evaluation, runQueries } = await evaluateRunQueries(judgements, readRunQueries(runFile), metrics, {
    unanswerable: 'omit',
    keep: 0,
  });
  return {
    run: args.run,
    qrels: args.qrels,
    means: evaluation.mean,
    queries: {
      in_run: runQueries.length,
      evaluated: evaluation.evaluated.length,
      unanswerable: evaluation.unanswerable.length,
    },
  };
}
