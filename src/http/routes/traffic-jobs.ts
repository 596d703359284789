import { Hono } from 'hono';
import path from 'node:path';
import { z } from 'zod/v4';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { TrafficJob, TrafficJobs } from '../../serving/traffic-jobs/traffic-jobs.js';
import { DEFAULT_HEAD_SHARE, DEFAULT_TORSO_SHARE } from '../../traffic/bands.js';
import { DEFAULT_CLICK_ACTIONS, DEFAULT_MAX_RANK, DEFAULT_THRESHOLDS } from '../../traffic/click-models.js';
import { DEFAULT_PRIOR_STRENGTH } from '../../traffic/pbm.js';
import { DEFAULT_MIN_IMPRESSIONS } from '../../traffic/min-impressions.js';
import type { QueryLog } from '../../traffic/query-log.js';
import { DEFAULT_SEED } from '../../stats/prng.js';
import { readQuerySet } from '../../gold/read-query-set.js';
import { fileInRoots } from '../config-paths.js';
import { corpusPathInRoot } from '../corpus-path.js';
import { readJsonBody } from '../json-body.js';
import { errorResponse } from '../errors.js';
import { documented } from '../openapi/documented.js';
import { requestComponent } from '../openapi/components.js';
import { TRAFFIC_JOB_OPERATIONS as OPS } from './traffic-operations.js';
import { knownRoots, shownAnswer, type ServedRoots } from '../shown-paths.js';

/** The bounds `testbed queries sample` puts on its flags (queries-command.ts), so HTTP and CLI accept the same requests. */
const share = z.number().gt(0).max(1);
export const sampleRequestSchema = requestComponent(
  'SampleRequest',
  z
    .object({
      method: z
        .enum(['random', 'pps', 'top'])
        .describe(
          'random: n distinct queries uniformly; pps: probability proportional to frequency; top: the n most frequent',
        ),
      n: z.number().int().min(1).max(10_000_000).describe('distinct queries to draw (all when more)'),
      // The defaults are the handler's (below): stated here so the document says them.
      seed: z
        .number()
        .int()
        .min(0)
        .max(2 ** 32 - 1)
        .optional()
        .meta({ default: DEFAULT_SEED }),
      head_share: share.optional().meta({ default: DEFAULT_HEAD_SHARE }),
      torso_share: share.optional().meta({ default: DEFAULT_TORSO_SHARE, description: 'at least head_share' }),
      keep_pii: z
        .boolean()
        .optional()
        .meta({ default: false, description: 'keep e-mails, phone numbers and long digit runs' }),
    })
    .strict()
    .refine((b) => (b.torso_share ?? DEFAULT_TORSO_SHARE) >= (b.head_share ?? DEFAULT_HEAD_SHARE), {
      message: 'must be at least head_share: head and torso together cover at least what the head covers',
      path: ['torso_share'],
    })
    .describe("testbed queries sample over the server's --log-queries folder (src/http/routes/traffic-jobs.ts)"),
);

/** The bounds of `testbed gold from-clicks` (gold-from-clicks.ts); at most ten thresholds, grades 0 to 10. */
export const judgementRequestSchema = requestComponent(
  'JudgementRequest',
  z
    .object({
      model: z
        .enum(['coec', 'ctr', 'pbm'])
        .describe(
          'coec: clicks / expected clicks; ctr: clicks / impressions; pbm: attractiveness in the position-based model fitted by EM, shrunk toward the log mean',
        ),
      propensities: z.enum(['log', 'swap']).optional().meta({
        default: 'log',
        description: "swap: examination from the log's swap interventions (--explore swap), coec and pbm only",
      }),
      prior_strength: z.number().finite().min(0).max(1_000_000).optional().meta({
        default: DEFAULT_PRIOR_STRENGTH,
        description: 'pbm: pseudo-impressions of the Beta prior at the log mean attractiveness',
      }),
      min_impressions: z.number().int().min(0).max(1_000_000_000).optional().meta({ default: DEFAULT_MIN_IMPRESSIONS }),
      max_rank: z.number().int().min(1).max(1000).optional().meta({ default: DEFAULT_MAX_RANK }),
      thresholds: z
        .array(z.number().finite().nonnegative())
        .min(1)
        .max(10)
        .refine((t) => t.every((v, i) => i === 0 || v >= t[i - 1]!), { message: 'must be in ascending order' })
        .optional()
        .describe(
          `ascending scores for grades 1, 2, ... (default coec ${DEFAULT_THRESHOLDS.coec.join(', ')}; ctr ${DEFAULT_THRESHOLDS.ctr.join(', ')}; pbm ${DEFAULT_THRESHOLDS.pbm.join(', ')})`,
        ),
      click_actions: z
        .array(z.string().min(1).max(100))
        .min(1)
        .max(20)
        .optional()
        .describe(`action_name values that count as clicks (default ${DEFAULT_CLICK_ACTIONS.join(', ')})`),
      keep_pii: z
        .boolean()
        .optional()
        .meta({ default: false, description: 'as the query set was sampled, or the ids will not join' }),
      corpus: z
        .string()
        .min(1)
        .optional()
        .describe(
          'match logged ids to this corpus inside the corpora root (corpora/demo or demo): ids it lacks are counted',
        ),
      doc_key: z
        .string()
        .min(1)
        .max(200)
        .optional()
        .describe('with corpus: match by this field of each document (metadata.url)'),
      queries: z
        .string()
        .min(1)
        .max(4096)
        .optional()
        .describe(
          'a query set (queries.jsonl) in the corpora root or the results folder, as POST /traffic/samples answers it (traffic/ID/queries.jsonl): judge only its queries, as --queries does',
        ),
    })
    .strict()
    .refine((b) => b.doc_key === undefined || b.corpus !== undefined, {
      message: 'needs corpus: it says where the key sits in each document of that corpus',
      path: ['doc_key'],
    })
    .refine((b) => b.model !== 'ctr' || (b.propensities ?? 'log') === 'log', {
      message: 'swap needs model coec or pbm: ctr scores clicks over impressions, whatever the position',
      path: ['propensities'],
    })
    .describe("testbed gold from-clicks over the server's --log-queries folder (src/http/routes/traffic-jobs.ts)"),
);

export type SampleRequest = z.infer<typeof sampleRequestSchema>;
export type JudgementRequest = z.infer<typeof judgementRequestSchema>;

export interface TrafficJobRoutesDeps {
  samples: TrafficJobs<SampleRequest>;
  judgements: TrafficJobs<JudgementRequest>;
  /** The server's log (`--log-queries DIR`): what the jobs read; without one the POSTs answer 409. */
  queryLog: QueryLog | undefined;
  corporaRoot: string;
  resultsRoot: string;
}

/**
 * The HTTP forms of `testbed queries sample` and `testbed gold from-clicks`, over the server's
 * own query log and run as jobs like experiments: `POST /samples` and `POST /judgements` queue
 * one (202 `{id, state, output}`), `GET /samples/:id` and `GET /judgements/:id` poll it (its
 * summary once done), `GET /samples` and `GET /judgements` list them. Each job writes under
 * `<results>/traffic/<id>/` (queries.jsonl; qrels/test.tsv and its sources sidecar), where an
 * experiment config can name them. Answers show paths relative to the served roots, the log
 * folder among them.
 */
export function trafficJobRoutes(deps: TrafficJobRoutesDeps): Hono {
  const app = new Hono();
  const served: ServedRoots = {
    corpora: deps.corporaRoot,
    results: deps.resultsRoot,
    ...(deps.queryLog && { logs: deps.queryLog.dir }),
  };
  const shown = <T>(value: T) => shownAnswer(value, knownRoots(served));
  const logDir = () => {
    if (!deps.queryLog)
      throw new ConflictError(
        'this server does not log queries: start it with --log-queries DIR to sample query sets and judge clicks from its traffic',
      );
    return path.resolve(deps.queryLog.dir);
  };
  /**
   * The ids of the query set `queries` names (`--queries` of gold from-clicks): a queries.jsonl
   * in the corpora root or the results folder, where POST /traffic/samples writes one
   * (traffic/ID/queries.jsonl, as that job answers). Read now, so a missing or malformed file is
   * a 404 or 400 before anything is queued; a query set is small beside the log.
   */
  const querySetIds = async (queries: string): Promise<string[]> => {
    const file = fileInRoots(
      queries,
      deps.corporaRoot,
      path.resolve(deps.resultsRoot),
      process.cwd(),
      'queries',
      'queries file',
    );
    return (await readQuerySet(file)).map((q) => q.id);
  };
  const accepted = (job: TrafficJob<unknown>) => shown({ id: job.id, state: job.state, output: job.output });

  app.get('/samples', documented(OPS.samples.list), (c) => c.json(shown({ samples: deps.samples.list() })));
  app.post('/samples', documented(OPS.samples.start), async (c) => {
    const logs = logDir();
    const body = sampleRequestSchema.parse(await readJsonBody(c.req.raw));
    const job = deps.samples.start(body, (output) => ({
      kind: 'sample',
      logDir: logs,
      outDir: output,
      options: {
        method: body.method,
        n: body.n,
        seed: body.seed ?? DEFAULT_SEED,
        keepPii: body.keep_pii === true,
        headShare: body.head_share ?? DEFAULT_HEAD_SHARE,
        torsoShare: body.torso_share ?? DEFAULT_TORSO_SHARE,
      },
    }));
    return c.json(accepted(job), 202);
  });

  app.get('/samples/:id', documented(OPS.samples.get), (c) =>
    c.json(shown(found(deps.samples, c.req.param('id'), 'query set sample'))),
  );

  app.get('/judgements', documented(OPS.judgements.list), (c) => c.json(shown({ judgements: deps.judgements.list() })));
  app.post('/judgements', documented(OPS.judgements.start), async (c) => {
    const logs = logDir();
    const body = judgementRequestSchema.parse(await readJsonBody(c.req.raw));
    // Confined now, so a path outside the corpora root is refused before anything is queued.
    const corpus =
      body.corpus === undefined
        ? undefined
        : corpusPathInRoot(deps.corporaRoot, body.corpus, { field: 'corpus', root: 'corpora root' });
    const queryIds = body.queries === undefined ? undefined : await querySetIds(body.queries);
    const job = deps.judgements.start(body, (output) => ({
      kind: 'judgement',
      logDir: logs,
      qrelsFile: path.join(output, 'qrels', 'test.tsv'),
      options: {
        model: body.model,
        ...(body.propensities && { propensities: body.propensities }),
        ...(body.prior_strength !== undefined && { priorStrength: body.prior_strength }),
        minImpressions: body.min_impressions ?? DEFAULT_MIN_IMPRESSIONS,
        maxRank: body.max_rank ?? DEFAULT_MAX_RANK,
        ...(body.thresholds && { thresholds: body.thresholds }),
        ...(body.click_actions && { clickActions: body.click_actions }),
        keepPii: body.keep_pii === true,
      },
      ...(corpus !== undefined && { corpus }),
      ...(body.doc_key !== undefined && { docKey: body.doc_key }),
      ...(queryIds && { queryIds }),
    }));
    return c.json(accepted(job), 202);
  });

  app.get('/judgements/:id', documented(OPS.judgements.get), (c) =>
    c.json(shown(found(deps.judgements, c.req.param('id'), 'click judgement job'))),
  );

  app.onError((err, c) => errorResponse(err, c, served));
  return app;
}

function found<R>(jobs: TrafficJobs<R>, id: string, what: string): TrafficJob<R> {
  const job = jobs.get(id);
  if (!job) throw new NotFoundError(`no ${what} with id "${id}"`);
  return job;
}
