import fs from 'node:fs';
import path from 'node:path';
import { ConflictError, TestbedError } from '../errors.js';
import { loadExperimentConfig } from '../experiments/config.js';
import { outputDir } from '../experiments/output-dir.js';
import { insideRoot } from '../corpus/inside-root.js';
import type { ExperimentReport } from '../reports/report-model.js';
import type { McpDeps, ToolExtra } from './mcp-deps.js';
import { progressReporter } from './progress-reporter.js';
import { queuedExperiment } from './queued-experiment.js';
import { aboutArgument } from './tool-result.js';

/**
 * Runs an experiment file of the experiments folder as `testbed experiment` runs it (a process
 * of its own, finished configurations kept for a re-run), its report written under the results
 * folder, as a job of the catalog's queue (queued-experiment.ts). Progress goes to the client as
 * MCP progress notifications; a cancelled request (its AbortSignal) stops the process at once,
 * as Ctrl-C does, and the call ends in a ConflictError.
 */
export async function runExperiment(
  deps: McpDeps,
  name: string,
  extra: ToolExtra,
): Promise<{ report: ExperimentReport; dir: string }> {
  const file = aboutArgument('experiment', () =>
    insideRoot(deps.experimentsRoot, name, { field: 'experiment', root: 'experiments folder', kind: 'file' }),
  );
  const loaded = loadExperimentConfig(file);
  loaded.output ??= path.join(deps.resultsRoot, loaded.name);
  const config = deps.confineExperiment ? deps.confineExperiment(loaded) : loaded;
  fs.mkdirSync(deps.resultsRoot, { recursive: true });
  const end = await queuedExperiment(deps.catalog.queue, config, {
    cacheDir: deps.cacheDir,
    signal: extra.signal,
    onProgress: progressReporter(extra),
  });
  if (extra.signal.aborted || end.kind === 'withdrawn')
    throw new ConflictError(`experiment ${name} was cancelled: its finished configurations are kept for a re-run`);
  if (end.kind === 'stopped') throw new ConflictError(`the server stopped before experiment ${name} started`);
  if (end.kind === 'failed') throw end.error instanceof TestbedError ? end.error : new Error(end.error.message);
  if (end.kind === 'exited' || !end.result)
    throw new ConflictError(`the experiment's process ended before it finished: run it again to resume`);
  return { report: end.result, dir: outputDir(config) };
}
