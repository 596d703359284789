import { z } from 'zod/v4';
import { INTERLEAVING_METHODS } from '../../ranking/interleave/types.js';
import { BANDS, type Band } from '../../traffic/bands.js';
import { CLICK_MODELS, type ClickModel } from '../../traffic/click-models.js';
import { SAMPLE_METHODS, type SampleMethod } from '../../traffic/sample-queries.js';
import { answerComponent, namedField } from '../openapi/components.js';
import type { LostLogWrites as LostLogWritesType } from '../../traffic/query-log.js';
import type { TrafficSummary as TrafficSummaryType } from '../../traffic/traffic-summary.js';
import type { InterleavingsJson } from '../../traffic/interleaving/interleaving-report.js';
import type { QuerySetSummary as QuerySetSummaryType } from '../../traffic/sample-query-set.js';
import type { ClickQrelsSummary as ClickQrelsSummaryType } from '../../traffic/judge-clicks.js';

/*
 * What the traffic routes answer (routes/traffic.ts, routes/traffic-jobs.ts): the query log's
 * summary and interleavings, and the jobs that sample query sets and judge clicks from it, with
 * their summaries once done. Also GET /health's count of the writes the log could not make.
 */
const int = z.number().int();
const num = z.number();
const str = z.string();
const date = z.string().meta({ format: 'date' });
const uuid = z.string().meta({ format: 'uuid' });

export const LostLogWrites: z.ZodType<LostLogWritesType> = answerComponent(
  'LostLogWrites',
  z
    .object({
      queries: int.describe('searches answered but not logged because the log write failed (a full disk)'),
      events: int.describe('events refused with a 507 because their write failed'),
    })
    .describe('writes the query log could not make since the server started (LostLogWrites, src/traffic/query-log.ts)'),
);

export const DroppedCount = answerComponent(
  'DroppedCount',
  z.object({ reason: str, count: int, examples: z.array(str) }),
);

export const TrafficQuery = answerComponent(
  'TrafficQuery',
  z
    .object({
      query: str.describe('the most frequent form typed'),
      searches: int,
      clickThrough: num.describe('share of its searches with at least one click'),
      zeroHit: int.describe('its searches that found nothing'),
    })
    .describe('QueryRow (src/traffic/traffic-summary.ts)'),
);

export const TrafficSummary: z.ZodType<TrafficSummaryType> = answerComponent(
  'TrafficSummary',
  z
    .object({
      searches: int,
      distinctQueries: int.describe('distinct texts after normalising (NFKC, lower case, whitespace)'),
      clients: int.describe('distinct client ids over searches and events'),
      eventsByAction: z
        .record(z.string(), int)
        .describe('every event by its action_name; at most 100 names (the most frequent), see capped'),
      clicks: int.describe('click events'),
      perDay: z
        .array(z.object({ day: date, searches: int, clicks: int }))
        .describe(
          'every UTC day from the first logged to the last, days without traffic as 0; over 1,000 days only the latest 1,000 days with traffic, see capped',
        ),
      daysWithTraffic: z
        .object({ count: int, first: date, last: date })
        .strict()
        .nullable()
        .describe(
          'the UTC days with a dated search or click (not the span from first to last), also when perDay is capped; null when nothing is dated',
        ),
      undatedSearches: int.describe('searches without a readable timestamp (not in perDay)'),
      topQueries: z.array(TrafficQuery),
      zeroHitQueries: z.array(TrafficQuery).describe('queries with searches that found nothing, by those searches'),
      byPosition: z
        .array(z.object({ ordinal: int, impressions: int, clicks: int, ctr: num.nullable() }))
        .describe(
          'click-through by rank: impressions = searches showing a hit at the ordinal, clicks = those clicked there (once each), ctr = clicks / impressions (null without impressions)',
        ),
      withoutHitList: int.describe('searches whose log does not say what was shown: not in byPosition'),
      unmatchedEvents: int.describe('events naming a query_id no logged search has'),
      dropped: z
        .array(z.object({ reason: str, count: int, examples: z.array(str) }))
        .describe('log records not read, by reason, with the first few (file:line)'),
      lost_log_writes: LostLogWrites.optional().describe(
        'only on a server writing the log (--log-queries), not one shown a log it does not write',
      ),
      capped: z
        .array(
          z.object({
            field: z.enum(['perDay', 'eventsByAction']),
            maxBuckets: int,
            buckets: int,
            message: str,
          }),
        )
        .describe(
          'the fields cut to their bucket limit (as Elasticsearch caps search.max_buckets), each with the rows it would have had and what was left out; empty when none was',
        ),
    })
    .describe('TrafficSummary (src/traffic/traffic-summary.ts)'),
);

export const InterleavingPair: z.ZodType<InterleavingsJson['interleavings'][number]> = answerComponent(
  'InterleavingPair',
  z
    .object({
      name: str,
      method: z.enum(INTERLEAVING_METHODS),
      arms: z.tuple([str, str]).describe('[A, B]: delta above 0 favours A'),
      searches: int.describe('searches with a click credited to A or B'),
      searches_without_clicks: int.describe('searches with no click for A or B'),
      wins: z.record(z.string(), int).describe('searches won, by arm'),
      ties: int,
      delta: num.nullable().describe('(wins_A - wins_B) / (wins_A + wins_B + ties); null without searches'),
      ci95: z
        .tuple([num, num])
        .nullable()
        .describe('percentile bootstrap 95% interval of delta over searches (seeded)'),
      p: num.nullable().describe('two-sided exact sign test over the non-tied searches; null when none'),
      winner: str.nullable().describe('the arm with more wins when p < 0.05'),
      more_searches_needed: int
        .nullable()
        .describe(
          'searches with clicks still needed to decide at this delta (sign test sample size, α 0.05, power 0.8); 0 once decided, null when delta is 0',
        ),
    })
    .describe('PairPreference (src/traffic/interleaving/pair-preferences.ts)'),
);

export const Interleavings: z.ZodType<InterleavingsJson> = answerComponent(
  'Interleavings',
  z
    .object({
      interleavings: z
        .array(InterleavingPair)
        .describe('one entry per pair of arms of each interleaving (multileave: every pair), by name'),
      interleaved_searches: int.describe('logged searches whose record names an interleaving'),
      ignored: z
        .array(DroppedCount)
        .describe(
          'clicks and searches that could not be credited (a document the list did not show, a repeat click, ...)',
        ),
      dropped: z.array(DroppedCount).describe('records reading the log left out, malformed interleavings among them'),
    })
    .describe('InterleavingsJson (src/traffic/interleaving/interleaving-report.ts): testbed interleave --json'),
);

export const QuerySetSummary: z.ZodType<QuerySetSummaryType> = answerComponent(
  'QuerySetSummary',
  z
    .object({
      file: str.describe('traffic/ID/queries.jsonl, relative to the results folder'),
      method: z.enum(SAMPLE_METHODS as [SampleMethod, ...SampleMethod[]]),
      seed: int,
      searches: int,
      distinctQueries: int,
      sampled: int,
      tookAll: z.boolean(),
      masked: z.object({ email: int, phone: int, number: int }),
      bands: z.array(
        z.object({
          band: z.enum(BANDS as [Band, ...Band[]]),
          queries: int,
          minFrequency: int.optional(),
          maxFrequency: int.optional(),
          share: num,
        }),
      ),
      sampledByBand: z.record(z.string(), int),
      zeroHitQueries: int,
      dropped: z.array(DroppedCount),
    })
    .describe('QuerySetSummary (src/traffic/sample-query-set.ts)'),
);

export const ClickQrelsSummary: z.ZodType<ClickQrelsSummaryType> = answerComponent(
  'ClickQrelsSummary',
  z
    .object({
      qrels: str.describe('traffic/ID/qrels/test.tsv, relative to the results folder'),
      sources: str.describe("the qrels' sidecar: source clicks, model, score, clicks, impressions per pair"),
      model: z.enum(CLICK_MODELS as [ClickModel, ...ClickModel[]]),
      minImpressions: int,
      maxRank: int,
      thresholds: z.array(num),
      searches: int,
      clicks: int,
      queriesKept: int,
      pairsKept: int,
      pairsBelowMinImpressions: int,
      grades: z.array(int).describe('pairs kept per grade, 0 first'),
      ctrCurve: z.array(z.object({ ordinal: int, impressions: int, clicks: int, ctr: num })),
      positionCurve: z.object({
        estimate: z.enum(['log-ctr', 'pbm-em', 'swap']),
        label: str,
        points: z.array(z.object({ ordinal: int, value: num, estimated: z.boolean(), detail: str })),
      }),
      dropped: z.array(DroppedCount),
    })
    .describe('ClickQrelsSummary (src/traffic/judge-clicks.ts)'),
);

export const TrafficJobStarted = answerComponent('TrafficJobStarted', z.object({ id: uuid, state: str, output: str }));

export const TrafficJob = answerComponent(
  'TrafficJob',
  z
    .object({
      id: uuid,
      kind: z.enum(['sample', 'judgement']),
      state: z
        .enum(['queued', 'running', 'done', 'failed', 'interrupted'])
        .describe('queued: waiting for other jobs (testbed serve --max-jobs); interrupted: the server stopped first'),
      startedAt: str,
      finishedAt: str.optional(),
      interruptedAt: str.optional().describe('interrupted jobs: when their server was last seen working on them'),
      // The body as posted: the request components the POSTs validate with (routes/traffic-jobs.ts).
      request: z.union([namedField('SampleRequest'), namedField('JudgementRequest')]).describe('the body as posted'),
      output: str.describe('traffic/ID, relative to the results folder'),
      error: str.optional(),
      summary: z.union([QuerySetSummary, ClickQrelsSummary]).optional(),
    })
    .describe('TrafficJob (src/serving/traffic-jobs/traffic-jobs.ts)'),
);
