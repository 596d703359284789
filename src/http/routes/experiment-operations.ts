import {
  error,
  json,
  jsonBody,
  type Operation,
  pathParam,
  rankingReadErrors,
  ref,
  tokenErrors,
  tokenNeeded,
} from '../openapi/operation-parts.js';
import { experimentId } from './page-operations.js';
import { ExperimentJob, SavedReport } from './report-answers.js';
import { answerSchema, refTo } from '../openapi/components.js';
import { errorBody } from '../errors.js';
import { z } from 'zod/v4';

/**
 * The OpenAPI operations of the experiment routes (routes/experiments.ts). GET /experiments and
 * GET /experiments/{id} answer a browser with a page (routes/ui.ts passes other clients on).
 */
export const EXPERIMENT_OPERATIONS = {
  listExperiments: {
    operationId: 'listExperiments',
    tags: ['experiments', 'pages'],
    summary: 'Experiment jobs and saved reports (JSON), or the experiments page for a browser (Accept: text/html)',
    description:
      "The page's lists: this server's runs (`experiments`), and the reports saved under the results folder by any run (`saved`, newest first), each readable at /experiments/{name}/download/report.json.",
    responses: {
      '200': {
        description: 'the jobs without their reports, and the saved reports; or the page',
        content: {
          'application/json': {
            schema: answerSchema(z.object({ experiments: z.array(ExperimentJob), saved: z.array(SavedReport) })),
          },
          'text/html': { schema: { type: 'string' } },
        },
      },
      ...rankingReadErrors,
    },
  },
  startExperiment: {
    operationId: 'startExperiment',
    tags: ['experiments'],
    summary: 'Start an experiment from a config in the experiments folder or inline YAML',
    ...tokenNeeded,
    requestBody: jsonBody(ref('ExperimentRequest')),
    responses: {
      '202': json(
        answerSchema(z.object({ id: z.string(), name: z.string(), state: z.string(), output: z.string() })),
        'queued, or started at once when no other job runs (or, for the same config, the run of its name already queued or running)',
      ),
      '400': error(
        'bad config, a path outside the served roots, or a grid with more configurations than the server runs in one experiment (testbed serve --max-grid-cells; the message says how many and the limit)',
      ),
      '404': error('config not found'),
      '409': error(
        'the server is stopping, or another config of the same name is queued or running (the message names its id)',
      ),
      ...tokenErrors,
    },
  },
  getExperiment: {
    operationId: 'getExperiment',
    tags: ['experiments', 'pages'],
    summary:
      'One experiment job with its report when done (JSON), or its report page for a browser (Accept: text/html)',
    description: 'The page also shows reports saved under the results folder, by folder name.',
    parameters: [experimentId],
    responses: {
      '200': {
        description: 'the job; or the page',
        content: { 'application/json': { schema: refTo(ExperimentJob) }, 'text/html': { schema: { type: 'string' } } },
      },
      '404': {
        description: 'no such experiment',
        content: { 'application/json': { schema: refTo(errorBody) }, 'text/html': { schema: { type: 'string' } } },
      },
      ...rankingReadErrors,
    },
  },
  cancelExperiment: {
    operationId: 'cancelExperiment',
    tags: ['experiments'],
    summary: 'Cancel a queued or running experiment',
    description:
      'A queued experiment never starts; a running one has its process stopped. Its state becomes cancelled, and the configurations it finished stay on disk: running the same config again resumes from them.',
    ...tokenNeeded,
    parameters: [pathParam('id', 'a job id from POST /experiments')],
    responses: {
      '200': json(refTo(ExperimentJob), 'cancelled: the job, state cancelled'),
      '404': error('no experiment with this id'),
      '409': error(
        'the experiment has already ended (done, failed, cancelled or interrupted), or another server process runs it',
      ),
      ...tokenErrors,
    },
  },
} satisfies Record<string, Operation>;
