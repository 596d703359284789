import path from 'node:path';
import type { ExperimentConfig } from '../experiments/config.js';
import { corpusPathInRoot } from './corpus-path.js';
import { insideRoot, type PathKind } from '../corpus/inside-root.js';
import type { ExperimentRoots } from './routes/experiments.js';

/**
 * Confines the paths of an experiment config sent over HTTP to the served roots, rewriting them
 * to absolute paths: corpus, queries and qrels inside the corpora root, baseline files inside the
 * results folder, the output under the results folder.
 *
 * A corpus path is read the way `testbed experiment` reads it when run in the server's working
 * folder (the configs in experiments/ say `corpus: corpora/demo`), and otherwise relative to the
 * corpora root (`corpus: demo`), as POST /indexes reads it too (see corpusPathInRoot).
 */
export function confineConfigPaths(config: ExperimentConfig, roots: ExperimentRoots, workingDir = process.cwd()): ExperimentConfig {
  const resultsRoot = path.resolve(workingDir, roots.resultsRoot);
  const corpus = (relative: string, what: PathKind) => corpusPathInRoot(roots.corporaRoot, relative, what, workingDir);
  config.corpus = corpus(config.corpus, { field: 'corpus', root: 'corpora root' });
  if (config.queries) config.queries = corpus(config.queries, { field: 'queries', root: 'corpora root', kind: 'file' });
  if (config.qrels) config.qrels = corpus(config.qrels, { field: 'qrels', root: 'corpora root', kind: 'file' });
  for (const check of config.checks) {
    if ('baseline_file' in check) check.baseline_file = insideRoot(resultsRoot, check.baseline_file, { field: 'baseline_file', root: 'results folder', kind: 'file' });
  }
  config.output = path.join(resultsRoot, config.name);
  return config;
}
