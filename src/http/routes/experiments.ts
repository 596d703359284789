import { Hono } from 'hono';
import fs from 'node:fs';
import { z } from 'zod/v4';
import { parseExperimentConfig } from '../../experiments/config.js';
import { checkedPipeline } from '../../experiments/retriever-pipeline.js';
import type { RemoteAllowList } from '../../remote/allowed-origins.js';
import { checkServedPipeline } from '../remote-check.js';
import type { ExperimentJobs } from '../../experiments/experiment-jobs.js';
import { NotFoundError } from '../../errors.js';
import { confineConfigPaths, type ExperimentRoots } from '../config-paths.js';
import { insideRoot } from '../../corpus/inside-root.js';
import { readJsonBody } from '../json-body.js';
import { errorResponse } from '../errors.js';
import { documented } from '../openapi/documented.js';
import { requestComponent } from '../openapi/components.js';
import { EXPERIMENT_OPERATIONS as OPS } from './experiment-operations.js';
import { knownRoots, shownAnswer, type ServedRoots } from '../shown-paths.js';
import { checkServedEmbedderSpec } from '../../embedders/served-embedder.js';
import { listSaved, type SavedReport } from '../../web/experiments/report-source.js';

/** POST /experiments' body: a config of the experiments folder by name, or one sent inline. */
const startSchema = requestComponent(
  'ExperimentRequest',
  z.union([
    z.object({ config: z.string().min(1).describe('NAME.yaml in the experiments folder') }).strict(),
    z
      .object({
        yaml: z
          .string()
          .min(1)
          .max(60 * 1024)
          .describe('the config itself, as YAML'),
      })
      .strict(),
  ]),
);

/**
 * Start experiments (a config file by name, or inline YAML), poll their progress and results,
 * cancel them. A grid over the server's limit is refused before anything runs (see ExperimentJobs).
 * Answers write paths relative to the served roots (`output: "web"` for `<results>/web`).
 */
export function experimentRoutes(
  jobs: ExperimentJobs,
  roots: ExperimentRoots,
  allowedRemoteOrigins: RemoteAllowList = [],
): Hono {
  const app = new Hono();
  const served: ServedRoots = {
    corpora: roots.corporaRoot,
    results: roots.resultsRoot,
    experiments: roots.experimentsRoot,
  };
  const shown = <T>(value: T) => shownAnswer(value, knownRoots(served));

  // The same reports the experiments page lists: this server's runs, and those saved under the results folder.
  app.get('/', documented(OPS.listExperiments), (c) =>
    c.json(
      shown({
        experiments: jobs.list().map(({ report: _report, ...rest }) => rest),
        saved: listSaved(roots.resultsRoot).map(savedSummary),
      }),
    ),
  );

  app.post('/', documented(OPS.startExperiment), async (c) => {
    const body = startSchema.parse(await readJsonBody(c.req.raw));
    const [source, file] =
      'config' in body
        ? [
            fs.readFileSync(
              insideRoot(roots.experimentsRoot, body.config, {
                field: 'config',
                root: 'experiments folder',
                kind: 'file',
              }),
              'utf8',
            ),
            body.config,
          ]
        : [body.yaml, '<request body>'];
    // A config sent over HTTP may only read corpora and write results inside the served roots.
    const config = confineConfigPaths(parseExperimentConfig(source, file), roots);
    config.grid.embedders.forEach((e, i) =>
      checkServedEmbedderSpec(e, { field: `grid.embedders.${i}` }, allowedRemoteOrigins),
    );
    // Each retriever as a served pipeline (remote-check.ts): rerank stage, endpoints, headers.
    config.grid.retrievers.forEach((r, i) =>
      checkServedPipeline(checkedPipeline(r, config.level), allowedRemoteOrigins, {
        where: `grid.retrievers.${i}`,
        environment: 'config' in body,
      }),
    );
    fs.mkdirSync(roots.resultsRoot, { recursive: true });
    const job = jobs.start(config);
    return c.json(shown({ id: job.id, name: job.name, state: job.state, output: job.output }), 202);
  });

  app.get('/:id', documented(OPS.getExperiment), (c) => {
    const job = jobs.get(c.req.param('id'));
    if (!job) throw new NotFoundError(`no experiment with id "${c.req.param('id')}"`);
    return c.json(shown(job));
  });

  // Cancels a queued or running experiment; the cells it finished stay for a re-run to resume from.
  app.delete('/:id', documented(OPS.cancelExperiment), async (c) =>
    c.json(shown(await jobs.cancel(c.req.param('id')))),
  );

  app.onError((err, c) => errorResponse(err, c, served));
  return app;
}

/** A saved report as the list names it (the page's columns); its id in /experiments/{id}/... is its folder name. */
function savedSummary({ name, report }: SavedReport) {
  return {
    name,
    createdAt: report.createdAt,
    configurations: report.configs.length,
    queries: report.queries.answerable,
  };
}
