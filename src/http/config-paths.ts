import fs from 'node:fs';
import path from 'node:path';
import type { ExperimentConfig } from '../experiments/config.js';
import { insideRoot, type PathKind } from './inside-root.js';
import type { ExperimentRoots } from './routes/experiments.js';

/**
 * Confines the paths of an experiment config sent over HTTP to the served roots, rewriting them
 * to absolute paths: corpus, queries and qrels inside the corpora root, baseline files inside the
 * results folder, the output under the results folder.
 *
 * A corpus path is read the way `testbed experiment` reads it when run in the server's working
 * folder (the configs in experiments/ say `corpus: corpora/demo`), and otherwise relative to the
 * corpora root (`corpus: demo`, as POST /indexes takes it). Either way it must end up inside the
 * corpora root.
 */
export function confineConfigPaths(config: ExperimentConfig, roots: ExperimentRoots, workingDir = process.cwd()): ExperimentConfig {
  const corporaRoot = path.resolve(workingDir, roots.corporaRoot);
  const resultsRoot = path.resolve(workingDir, roots.resultsRoot);
  const corpus = (relative: string, what: PathKind) => insideRoot(corporaRoot, asCorporaRelative(relative, corporaRoot, workingDir), what);
  config.corpus = corpus(config.corpus, { field: 'corpus', root: 'corpora root' });
  if (config.queries) config.queries = corpus(config.queries, { field: 'queries', root: 'corpora root', kind: 'file' });
  if (config.qrels) config.qrels = corpus(config.qrels, { field: 'qrels', root: 'corpora root', kind: 'file' });
  for (const check of config.checks) {
    if ('baseline_file' in check) check.baseline_file = insideRoot(resultsRoot, check.baseline_file, { field: 'baseline_file', root: 'results folder', kind: 'file' });
  }
  config.output = path.join(resultsRoot, config.name);
  return config;
}

/** `relative` as a path from the corpora root: via the working folder when it exists that way and lies inside the root. */
function asCorporaRelative(relative: string, root: string, workingDir: string): string {
  if (path.isAbsolute(relative)) return relative; // insideRoot refuses it with a clear message
  const fromWorking = path.resolve(workingDir, relative);
  const inside = fromWorking.startsWith(root + path.sep);
  return inside && fs.existsSync(fromWorking) ? path.relative(root, fromWorking) : relative;
}
