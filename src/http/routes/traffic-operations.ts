import { z } from 'zod/v4';
import { DEFAULT_CTR_POSITIONS, DEFAULT_TOP_QUERIES } from '../../traffic/traffic-summary.js';
import {
  error,
  json,
  jsonBody,
  type Operation,
  pathParam,
  ref,
  tokenErrors,
  tokenNeeded,
} from '../openapi/operation-parts.js';
import { queryParameters } from '../openapi/query-parameters.js';
import { Interleavings, TrafficJob, TrafficJobStarted, TrafficSummary } from './traffic-answers.js';
import { answerSchema, refTo } from '../openapi/components.js';

/** GET /traffic's query string: the two table sizes. */
export const summaryQuery = z
  .object({
    top: z.coerce
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(DEFAULT_TOP_QUERIES)
      .describe('rows in the top-query and zero-hit tables'),
    max_rank: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .default(DEFAULT_CTR_POSITIONS)
      .describe('positions in the click-through curve'),
  })
  .strict();

/** GET /traffic/interleavings' query string: one interleaving by name, optional. */
export const interleavingsQuery = z
  .object({ name: z.string().min(1).max(200).optional().describe('only the interleaving of this name') })
  .strict();

/** The OpenAPI operations of the query log's summary and interleavings (routes/traffic.ts). */
export const TRAFFIC_OPERATIONS = {
  getTrafficSummary: {
    operationId: 'getTrafficSummary',
    tags: ['traffic'],
    summary:
      "A summary of the server's query log: searches per day, top and zero-hit queries, click-through by position",
    description:
      'The log as it stands at this request (read again whenever its files have changed). Needs the server started with --log-queries DIR (409 otherwise), and the bearer token when it runs with --protect-search: it shows what users searched.',
    parameters: queryParameters(summaryQuery),
    responses: {
      '200': json(refTo(TrafficSummary), 'the summary'),
      '400': error('bad parameter'),
      '409': error('the server logs no queries: start it with --log-queries DIR'),
      '401': error('token missing (only with --protect-search)'),
      '403': error('wrong token (only with --protect-search)'),
    },
  },
  getTrafficInterleavings: {
    operationId: 'getTrafficInterleavings',
    tags: ['traffic'],
    summary: "Which arm of each interleaving users preferred, from the server's query log (testbed interleave --json)",
    description:
      "Credits the clicks of every interleaved search (serve --interleave) to the arms: team-draft and multileave by the team of the clicked hit, balanced by Joachims' rule. Per pair of arms: wins, ties, delta with a bootstrap 95% interval, a two-sided sign test p, the winner at p < 0.05 and the searches still needed to decide. The log as it stands at this request. Needs --log-queries DIR (409 otherwise), and the bearer token whenever the server has one, as GET /traffic.",
    parameters: queryParameters(interleavingsQuery),
    responses: {
      '200': json(refTo(Interleavings), 'the preferences'),
      '400': error('bad parameter, or no interleaved search of that name (the names the log has are listed)'),
      '409': error('the server logs no queries: start it with --log-queries DIR'),
      '401': error('token missing (whenever the server has a token)'),
      '403': error('wrong token'),
    },
  },
} satisfies Record<string, Operation>;

/**
 * The three operations of one kind of traffic job (POST to start, GET to list, GET one to poll),
 * routes/traffic-jobs.ts. The GETs show what users searched, so with --protect-search they need
 * the token too.
 */
function trafficJobOperations(
  segment: string,
  what: string,
  ids: { list: string; start: string; get: string },
  op: { summary: string; description: string; request: string; summarySchema: string },
) {
  const readToken = {
    description: 'Needs the token when the server runs with --protect-search: the jobs show what users searched.',
  };
  const summaryOnce = `each one's summary: ${op.summarySchema} once done`;
  const job = { ...refTo(TrafficJob), description: `a ${what} job; summary: ${op.summarySchema} once done` };
  return {
    list: {
      operationId: ids.list,
      tags: ['traffic'],
      summary: `Every ${what} job, oldest first, with its summary once done`,
      ...readToken,
      responses: {
        '200': json(
          answerSchema(z.object({ [segment]: z.array(TrafficJob).describe(`the ${what} jobs; ${summaryOnce}`) })),
          'the jobs',
        ),
        ...tokenErrors,
      },
    },
    start: {
      operationId: ids.start,
      tags: ['traffic'],
      summary: op.summary,
      description: op.description,
      ...tokenNeeded,
      requestBody: jsonBody(ref(op.request)),
      responses: {
        '202': json(refTo(TrafficJobStarted), 'queued, or started at once when no other job runs'),
        '400': error('bad body (the message names the field), or a corpus outside the corpora root'),
        '404': error('corpus not found under the corpora root'),
        '409': error('the server does not log queries: start it with --log-queries DIR; or it is stopping'),
        ...tokenErrors,
      },
    },
    get: {
      operationId: ids.get,
      tags: ['traffic'],
      summary: `One ${what} job: its state, and its summary once done`,
      ...readToken,
      parameters: [pathParam('id', `a job id from POST /traffic/${segment}`)],
      responses: { '200': json(job, 'the job'), '404': error(`no ${what} job with this id`), ...tokenErrors },
    },
  } satisfies Record<string, Operation>;
}

/** The operations of the query set samples and click judgements drawn from the log as jobs. */
export const TRAFFIC_JOB_OPERATIONS = {
  samples: trafficJobOperations(
    'samples',
    'sample',
    { list: 'listTrafficSamples', start: 'startTrafficSample', get: 'getTrafficSample' },
    {
      summary: "Sample a query set from the server's query log (testbed queries sample), as a job",
      description:
        'Reads the --log-queries folder in a process of its own, queued behind builds and experiments, and writes traffic/ID/queries.jsonl under the results folder: BEIR queries tagged source log, band (head, torso, tail) and frequency. A log with no search yet ends the job failed, saying so.',
      request: 'SampleRequest',
      summarySchema: 'QuerySetSummary',
    },
  ),
  judgements: trafficJobOperations(
    'judgements',
    'judgement',
    { list: 'listTrafficJudgements', start: 'startTrafficJudgement', get: 'getTrafficJudgement' },
    {
      summary: "Derive graded qrels from the clicks of the server's query log (testbed gold from-clicks), as a job",
      description:
        'Reads the --log-queries folder in a process of its own, queued behind builds and experiments, and writes traffic/ID/qrels/test.tsv under the results folder, with its test.tsv.sources.jsonl sidecar; query ids are those of POST /traffic/samples. A log with no search yet ends the job failed, saying so.',
      request: 'JudgementRequest',
      summarySchema: 'ClickQrelsSummary',
    },
  ),
};
