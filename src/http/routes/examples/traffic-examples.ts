import type { OperationExample } from './operation-example.js';

/**
 * The query log `npm start` seeds from corpora/demo/traffic (two weeks of Ferndock help-centre
 * searches and clicks, May 2025): its summary, a query set sampled from it, and qrels from its clicks.
 */
const query = (q: string, searches: number, clickThrough: number, zeroHit = 0) => ({
  query: q,
  searches,
  clickThrough,
  zeroHit,
});

const summary = {
  searches: 4180,
  distinctQueries: 612,
  clients: 233,
  eventsByAction: { click: 2511, impression: 0 },
  clicks: 2511,
  perDay: [
    { day: '2025-05-18', searches: 271, clicks: 160 },
    { day: '2025-05-19', searches: 318, clicks: 197 },
  ],
  daysWithTraffic: { count: 14, first: '2025-05-18', last: '2025-05-31' },
  undatedSearches: 0,
  topQueries: [query('reset password', 96, 0.71), query('E1042', 74, 0.84)],
  zeroHitQueries: [query('ferndock dark mode', 12, 0, 12)],
  byPosition: [
    { ordinal: 1, impressions: 4011, clicks: 1302, ctr: 0.3246 },
    { ordinal: 2, impressions: 3954, clicks: 511, ctr: 0.1292 },
  ],
  withoutHitList: 0,
  unmatchedEvents: 0,
  dropped: [],
  capped: [],
};

const JOB_ID = '5d1f7a20-3c8e-4b6a-a4f9-0e2c7b9d1f36';
const sampleRequest = { method: 'pps', n: 80, seed: 7 };
const sampleSummary = {
  file: `traffic/${JOB_ID}/queries.jsonl`,
  method: 'pps',
  seed: 7,
  searches: 4180,
  distinctQueries: 612,
  sampled: 80,
  tookAll: false,
  masked: { email: 3, phone: 0, number: 1 },
  bands: [
    { band: 'head', queries: 41, minFrequency: 12, maxFrequency: 96, share: 0.5 },
    { band: 'torso', queries: 139, minFrequency: 3, maxFrequency: 11, share: 0.3 },
    { band: 'tail', queries: 432, minFrequency: 1, maxFrequency: 2, share: 0.2 },
  ],
  sampledByBand: { head: 31, torso: 27, tail: 22 },
  zeroHitQueries: 2,
  dropped: [],
};
const sampleJob = {
  id: JOB_ID,
  kind: 'sample',
  state: 'done',
  startedAt: '2026-11-30T16:00:04.118Z',
  finishedAt: '2026-11-30T16:00:05.902Z',
  request: sampleRequest,
  output: `traffic/${JOB_ID}`,
  summary: sampleSummary,
};

const JUDGEMENT_ID = 'a7c3e915-62d4-4f0b-8e1a-9b5d3c7f2e48';
const judgementRequest = { model: 'coec', min_impressions: 2, corpus: 'corpora/demo' };
const judgementJob = {
  id: JUDGEMENT_ID,
  kind: 'judgement',
  state: 'done',
  startedAt: '2026-11-30T16:02:10.530Z',
  finishedAt: '2026-11-30T16:02:11.774Z',
  request: judgementRequest,
  output: `traffic/${JUDGEMENT_ID}`,
  summary: {
    qrels: `traffic/${JUDGEMENT_ID}/qrels/test.tsv`,
    sources: `traffic/${JUDGEMENT_ID}/qrels/test.tsv.sources.jsonl`,
    model: 'coec',
    minImpressions: 2,
    maxRank: 10,
    thresholds: [0.5, 1, 2],
    searches: 4180,
    clicks: 2511,
    queriesKept: 288,
    pairsKept: 701,
    pairsBelowMinImpressions: 1930,
    grades: [212, 251, 160, 78],
    ctrCurve: [
      { ordinal: 1, impressions: 4011, clicks: 1302, ctr: 0.3246 },
      { ordinal: 2, impressions: 3954, clicks: 511, ctr: 0.1292 },
    ],
    positionCurve: {
      estimate: 'log-ctr',
      label: 'log-wide CTR (mixes ranker precision in)',
      points: [
        { ordinal: 1, value: 0.3246, estimated: true, detail: '1302 clicks / 4011 impressions' },
        { ordinal: 2, value: 0.1292, estimated: true, detail: '511 clicks / 3954 impressions' },
      ],
    },
    dropped: [],
  },
};

const started = (id: string) => ({ id, state: 'running', output: `traffic/${id}` });

/** 1,000 searches of BM25 interleaved with a weak arm: 412 had clicks for either. */
const interleavings = {
  interleavings: [
    {
      name: 'bm25-vs-weak',
      method: 'team-draft',
      arms: ['bm25', 'weak'],
      searches: 412,
      searches_without_clicks: 588,
      wins: { bm25: 251, weak: 109 },
      ties: 52,
      delta: 0.3447,
      ci95: [0.2573, 0.4296],
      p: 6.1e-14,
      winner: 'bm25',
      more_searches_needed: 0,
    },
  ],
  interleaved_searches: 1000,
  ignored: [],
  dropped: [],
};

export const trafficExamples: Record<string, OperationExample> = {
  getTrafficSummary: { parameters: { top: 2, max_rank: 2 }, response: { status: '200', value: summary } },
  getTrafficInterleavings: { parameters: { name: 'bm25-vs-weak' }, response: { status: '200', value: interleavings } },
  listTrafficSamples: { response: { status: '200', value: { samples: [sampleJob] } } },
  startTrafficSample: { requestBody: sampleRequest, response: { status: '202', value: started(JOB_ID) } },
  getTrafficSample: { parameters: { id: JOB_ID }, response: { status: '200', value: sampleJob } },
  listTrafficJudgements: { response: { status: '200', value: { judgements: [judgementJob] } } },
  startTrafficJudgement: {
    requestBody: judgementRequest,
    response: { status: '202', value: started(JUDGEMENT_ID) },
  },
  getTrafficJudgement: { parameters: { id: JUDGEMENT_ID }, response: { status: '200', value: judgementJob } },
};
