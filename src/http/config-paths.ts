import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors.js';
import type { ExperimentConfig } from '../experiments/config.js';
import { legDefinition, legTypes } from '../legs/registry.js';
import { corpusPathInRoot } from './corpus-path.js';
import { insideRoot, type PathKind } from '../corpus/inside-root.js';

/** The folders an experiment started over HTTP may read from and write to. */
export interface ExperimentRoots {
  /** Config files named in `{config}` resolve here. */
  experimentsRoot: string;
  /** The corpus of any config must resolve here; queries and qrels here or in the results folder. */
  corporaRoot: string;
  /** Reports are written here, under the experiment's name; run files, queries and qrels may be read from here. */
  resultsRoot: string;
}

/**
 * Confines the paths of an experiment config sent over HTTP to the served roots, rewriting them
 * to absolute paths: the corpus inside the corpora root, queries and qrels inside it or the results
 * folder, baseline files inside the results folder, the output under the results folder.
 *
 * A corpus path is read the way `testbed experiment` reads it when run in the server's working
 * folder (the configs in experiments/ say `corpus: corpora/demo`), and otherwise relative to the
 * corpora root (`corpus: demo`), as POST /indexes reads it too (see corpusPathInRoot).
 */
export function confineConfigPaths(
  config: ExperimentConfig,
  roots: ExperimentRoots,
  workingDir = process.cwd(),
): ExperimentConfig {
  const resultsRoot = path.resolve(workingDir, roots.resultsRoot);
  const corpus = (relative: string, what: PathKind) => corpusPathInRoot(roots.corporaRoot, relative, what, workingDir);
  config.corpus = corpus(config.corpus, { field: 'corpus', root: 'corpora root' });
  // A gold set sampled from traffic (POST /traffic/samples, /traffic/judgements) is written under
  // the results folder, and named from it as those jobs answer (traffic/ID/queries.jsonl).
  if (config.queries)
    config.queries = fileInRoots(config.queries, roots.corporaRoot, resultsRoot, workingDir, 'queries', 'queries file');
  if (config.qrels)
    config.qrels = fileInRoots(config.qrels, roots.corporaRoot, resultsRoot, workingDir, 'qrels', 'qrels file');
  for (const check of config.checks) {
    if ('baseline_file' in check)
      check.baseline_file = insideRoot(resultsRoot, check.baseline_file, {
        field: 'baseline_file',
        root: 'results folder',
        kind: 'file',
      });
  }
  config.grid.retrievers.forEach((r, i) => {
    (r.legs ?? []).forEach((leg, j) => {
      const named = leg as Record<string, unknown>;
      for (const name of fileFieldsOf(named.type)) {
        const file = named[name];
        if (typeof file !== 'string') continue;
        named[name] = fileInRoots(
          file,
          roots.corporaRoot,
          resultsRoot,
          workingDir,
          `grid.retrievers.${i}.legs.${j}.${name}`,
          'run file',
        );
      }
    });
  });
  config.output = path.join(resultsRoot, config.name);
  return config;
}

/** The fields of a leg type's row that name a file the leg reads (a run leg's `file`). */
function fileFieldsOf(type: unknown): readonly string[] {
  return typeof type === 'string' && legTypes().includes(type) ? (legDefinition(type).fileFields ?? []) : [];
}

/**
 * A file an experiment reads, over HTTP: inside the corpora root (a gold set or a published run
 * kept beside its corpus) or the results folder (a run an earlier experiment wrote, a query set
 * or qrels a traffic job wrote), nowhere else, so a request cannot make the server read an
 * arbitrary file. `what` names the file in the message (`run file`, `queries`).
 */
export function fileInRoots(
  file: string,
  corporaRoot: string,
  resultsRoot: string,
  workingDir: string,
  field: string,
  what: string,
): string {
  try {
    return corpusPathInRoot(corporaRoot, file, { field, root: 'corpora root', kind: 'file' }, workingDir);
  } catch (inCorpora) {
    const outside = new InputError(`${what} ${JSON.stringify(file)} is outside the corpora root or results folder`, {
      field,
    });
    if (!fs.existsSync(resultsRoot)) throw /outside/.test((inCorpora as Error).message) ? outside : inCorpora;
    try {
      return insideRoot(resultsRoot, file, { field, root: 'results folder', kind: 'file' });
    } catch (inResults) {
      throw /outside/.test((inResults as Error).message) ? outside : inResults;
    }
  }
}
