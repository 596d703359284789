import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromClicksUsage } from '../../src/cli/commands/gold-from-clicks.js';
import { createApp } from '../../src/http/app.js';
import { apiDocument } from './helpers/api-document.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { JobQueue } from '../../src/serving/jobs/job-queue.js';
import type { TrafficJob } from '../../src/serving/traffic-jobs/traffic-jobs.js';
import { DEFAULT_SEED } from '../../src/stats/prng.js';
import type { ClickQrelsSummary } from '../../src/traffic/judge-clicks.js';
import { judgeClicks } from '../../src/traffic/judge-clicks.js';
import { matchDocs, UNMATCHED_DOCUMENT } from '../../src/traffic/match-docs.js';
import { QueryLog } from '../../src/traffic/query-log.js';
import { normalizeQuery, queryKey } from '../../src/traffic/query-key.js';
import { readTraffic } from '../../src/traffic/read-traffic.js';
import { type QuerySetSummary, sampleQuerySet } from '../../src/traffic/sample-query-set.js';
import type { UbiEventRecord, UbiQueryRecord } from '../../src/traffic/types.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { timeBudget } from '../helpers/time-budget.js';
import { setFileTimeouts } from '../helpers/file-timeouts.js';

/**
 * POST /traffic/samples and POST /traffic/judgements over the real app: each runs as a job in a
 * process of its own, reading the server's --log-queries folder (here a small UBI log written by
 * hand) and writing under <results>/traffic/<id>/ exactly what sampleQuerySet and judgeClicks
 * write for the same log and options.
 */
// Every job is a child process started through tsx: seconds each on a busy machine.
setFileTimeouts({ testTimeout: timeBudget(120_000) });

const TOKEN = 'a-token-for-traffic-jobs';
const root = tmpDir('traffic-jobs-');
const corporaRoot = path.join(root, 'corpora');
const resultsRoot = path.join(root, 'results');
const cacheDir = path.join(root, 'cache');
const logDir = path.join(root, 'logs');
const emptyLogDir = path.join(root, 'empty-logs');
let catalog: IndexCatalog;
let log: QueryLog;
let emptyLog: QueryLog;
/** `testbed serve --log-queries logs`. */
let app: ReturnType<typeof createApp>;
/** Without --log-queries. */
let unlogged: ReturnType<typeof createApp>;
/** With a token and --protect-search. */
let guarded: ReturnType<typeof createApp>;
/** With a token, search left open. */
let tokenOnly: ReturnType<typeof createApp>;
/** Over a log folder that holds no search. */
let emptyApp: ReturnType<typeof createApp>;

/**
 * The log, by hand in the UBI schema. "harbor install" is searched four times (once typed
 * "Harbor  Install") and shows install-linux then install-mac; "token expired" twice, showing
 * error-e1042 then install-linux; "old page" once, showing retired-page, which the tiny corpus
 * lacks. Clicks: install-mac at ordinal 2 in three of the four harbor searches, error-e1042 at
 * ordinal 1 in both token searches, retired-page at ordinal 1.
 */
const searches: [string, string, string[]][] = [
  ['s1', 'harbor install', ['install-linux', 'install-mac']],
  ['s2', 'harbor install', ['install-linux', 'install-mac']],
  ['s3', 'Harbor  Install', ['install-linux', 'install-mac']],
  ['s4', 'harbor install', ['install-linux', 'install-mac']],
  ['t1', 'token expired', ['error-e1042', 'install-linux']],
  ['t2', 'token expired', ['error-e1042', 'install-linux']],
  ['o1', 'old page', ['retired-page']],
];
const clicks: [string, string, number][] = [
  ['s1', 'install-mac', 2],
  ['s2', 'install-mac', 2],
  ['s3', 'install-mac', 2],
  ['t1', 'error-e1042', 1],
  ['t2', 'error-e1042', 1],
  ['o1', 'retired-page', 1],
];

function writeLog(): void {
  fs.mkdirSync(logDir, { recursive: true });
  const queries = searches.map(
    ([id, text, hits], i): UbiQueryRecord => ({
      query_id: id,
      client_id: `client-${i % 2}`,
      user_query: text,
      index: 'tiny',
      query_attributes: { mode: 'bm25', k: 10, level: 'doc', pipeline: {} },
      query_response_hit_ids: hits,
      timestamp: `2024-03-05T10:0${i}:00.000Z`,
    }),
  );
  const events = clicks.map(
    ([queryId, doc, ordinal], i): UbiEventRecord => ({
      action_name: 'click',
      query_id: queryId,
      timestamp: `2024-03-05T10:0${i}:30.000Z`,
      event_attributes: { object: { object_id: doc }, position: { ordinal } },
    }),
  );
  const jsonl = (records: object[]) => records.map((r) => JSON.stringify(r) + '\n').join('');
  fs.writeFileSync(path.join(logDir, 'ubi_queries-2024-03-05.jsonl'), jsonl(queries));
  fs.writeFileSync(path.join(logDir, 'ubi_events-2024-03-05.jsonl'), jsonl(events));
}

beforeAll(async () => {
  fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'tiny'), { recursive: true });
  writeLog();
  log = await QueryLog.open(logDir);
  emptyLog = await QueryLog.open(emptyLogDir);
  catalog = new IndexCatalog(path.join(root, 'data'), { queue: new JobQueue(2) });
  const deps = { catalog, corporaRoot, resultsRoot, cacheDir };
  app = createApp({ ...deps, queryLog: log });
  unlogged = createApp(deps);
  guarded = createApp({ ...deps, queryLog: log, token: TOKEN, protectSearch: true });
  tokenOnly = createApp({ ...deps, queryLog: log, token: TOKEN });
  emptyApp = createApp({ ...deps, queryLog: emptyLog });
});
afterAll(async () => {
  await catalog.close();
  await log.close();
  await emptyLog.close();
});

type Target = ReturnType<typeof createApp>;
const post = (url: string, body: unknown, target: Target = app, headers: Record<string, string> = {}) =>
  target.request(url, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function start(url: string, body: unknown, target: Target = app) {
  const res = await post(url, body, target);
  expect(res.status, await res.clone().text()).toBe(202);
  return (await res.json()) as { id: string; state: string; output: string };
}

/** Polls GET url/:id until the job has ended, bounded by the test's timeout alone (no deadline of its own). */
async function ended<S>(url: string, id: string, target: Target = app): Promise<TrafficJob<unknown, S>> {
  for (;;) {
    const res = await target.request(`${url}/${id}`);
    expect(res.status).toBe(200);
    const job = (await res.json()) as TrafficJob<unknown, S>;
    if (job.state !== 'queued' && job.state !== 'running') return job;
    await sleep(50);
  }
}

const key = (text: string) => queryKey(normalizeQuery(text));
const read = (file: string) => fs.readFileSync(file);
const freshDir = () => fs.mkdtempSync(path.join(root, 'direct-'));

describe('POST /traffic/samples', () => {
  it('runs as a job and writes the query set sampleQuerySet writes, tagged with band and frequency', async () => {
    const job = await start('/traffic/samples', { method: 'top', n: 2 });
    expect(job.state).toMatch(/^(queued|running)$/);
    // Shown relative to the results root, as experiments show their output.
    expect(job.output).toBe(`traffic/${job.id}`);
    const done = await ended<QuerySetSummary>('/traffic/samples', job.id);
    expect(done.state, done.error).toBe('done');
    expect(done.request).toEqual({ method: 'top', n: 2 });
    expect(done.summary!.file).toBe(`traffic/${job.id}/queries.jsonl`);
    expect([done.summary!.searches, done.summary!.distinctQueries, done.summary!.sampled]).toEqual([7, 3, 2]);

    const file = path.join(resultsRoot, 'traffic', job.id, 'queries.jsonl');
    const lines = fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as unknown);
    // 7 searches. Most frequent first: "harbor install" (4) has 0/7 of the traffic before it,
    // below the head share 0.5: head; "token expired" (2) has 4/7 = 0.57 before it, from 0.5 to
    // 0.8: torso. Top 2 takes those two; "Harbor  Install" counts as "harbor install", the form
    // typed most often.
    expect(lines).toEqual([
      {
        _id: key('harbor install'),
        text: 'harbor install',
        metadata: { source: 'log', band: 'head', frequency: 4, zero_hits: false },
      },
      {
        _id: key('token expired'),
        text: 'token expired',
        metadata: { source: 'log', band: 'torso', frequency: 2, zero_hits: false },
      },
    ]);
    const direct = sampleQuerySet(await readTraffic([logDir]), freshDir(), { method: 'top', n: 2 });
    expect(read(file).equals(read(direct.file))).toBe(true);
  });

  it('passes method, seed, shares and keep_pii on: the file is byte for byte the direct call with the same options', async () => {
    const body = { method: 'pps', n: 2, seed: 7, head_share: 0.3, torso_share: 0.9, keep_pii: true };
    const job = await start('/traffic/samples', body);
    const done = await ended<QuerySetSummary>('/traffic/samples', job.id);
    expect(done.state, done.error).toBe('done');
    expect(done.summary!.seed).toBe(7);
    const direct = sampleQuerySet(await readTraffic([logDir]), freshDir(), {
      method: 'pps',
      n: 2,
      seed: 7,
      headShare: 0.3,
      torsoShare: 0.9,
      keepPii: true,
    });
    expect(read(path.join(resultsRoot, 'traffic', job.id, 'queries.jsonl')).equals(read(direct.file))).toBe(true);
    // head share 0.3: "harbor install" (0/7 before) head, "token expired" (4/7 before) below 0.9: torso, "old page" (6/7) torso too.
    expect(done.summary!.bands.map((b) => b.queries)).toEqual([1, 2, 0]);
    // The seed the CLI defaults to, when none is sent.
    const unseeded = await ended<QuerySetSummary>(
      '/traffic/samples',
      (await start('/traffic/samples', { method: 'random', n: 1 })).id,
    );
    expect(unseeded.summary!.seed).toBe(DEFAULT_SEED);
  });

  it('lists the jobs, and answers 404 for an id it never gave', async () => {
    const { id } = await start('/traffic/samples', { method: 'top', n: 1 });
    await ended('/traffic/samples', id);
    const { samples } = (await (await app.request('/traffic/samples')).json()) as { samples: TrafficJob<unknown>[] };
    expect(samples.map((s) => s.id)).toContain(id);
    expect(samples.every((s) => s.kind === 'sample')).toBe(true);
    const { judgements } = (await (await app.request('/traffic/judgements')).json()) as {
      judgements: TrafficJob<unknown>[];
    };
    expect(judgements.map((s) => s.id)).not.toContain(id);
    expect((await app.request('/traffic/samples/no-such-job')).status).toBe(404);
    expect((await app.request(`/traffic/judgements/${id}`)).status).toBe(404);
  });
});

/** A grade is how many thresholds the score reaches. */
const grade = (score: number, thresholds: number[]) => thresholds.filter((t) => score >= t - 1e-9).length;
const qrelsOf = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'));

describe('POST /traffic/judgements', () => {
  it('grades pairs by COEC = clicks / expected clicks, the expected clicks summed from the position CTRs of the same log', async () => {
    const body = { model: 'coec', min_impressions: 2, max_rank: 2 };
    const job = await start('/traffic/judgements', body);
    const done = await ended<ClickQrelsSummary>('/traffic/judgements', job.id);
    expect(done.state, done.error).toBe('done');
    const s = done.summary!;
    expect(s.qrels).toBe(`traffic/${job.id}/qrels/test.tsv`);
    expect(s.sources).toBe(`traffic/${job.id}/qrels/test.tsv.sources.jsonl`);

    // Position CTR: ordinal 1 was shown in all 7 searches and clicked in t1, t2 and o1;
    // ordinal 2 in the 6 searches with two hits, clicked in s1, s2, s3.
    const ctr1 = 3 / 7;
    const ctr2 = 3 / 6;
    expect(s.ctrCurve.map((p) => p.ctr)).toEqual([ctr1, ctr2]);
    const thresholds = [0.5, 1, 2];
    // install-mac: 4 impressions at ordinal 2, 3 clicks: COEC = 3 / (4 * ctr2) = 1.5, grade 2.
    // error-e1042: 2 impressions at ordinal 1, 2 clicks: COEC = 2 / (2 * ctr1) = 7/3, grade 3.
    // install-linux, never clicked: COEC 0, grade 0 (judged not relevant). retired-page: one
    // impression, below min_impressions 2: dropped.
    const expected = [
      [key('harbor install'), 'install-linux', 0],
      [key('harbor install'), 'install-mac', grade(3 / (4 * ctr2), thresholds)],
      [key('token expired'), 'error-e1042', grade(2 / (2 * ctr1), thresholds)],
      [key('token expired'), 'install-linux', 0],
    ]
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a[1]).localeCompare(String(b[1])))
      .map((row) => row.map(String));
    const qrels = path.join(resultsRoot, 'traffic', job.id, 'qrels', 'test.tsv');
    expect(qrelsOf(qrels)).toEqual(expected);
    expect([s.pairsKept, s.queriesKept, s.pairsBelowMinImpressions, s.clicks]).toEqual([4, 2, 1, 6]);

    const direct = judgeClicks(await readTraffic([logDir]), path.join(freshDir(), 'qrels', 'test.tsv'), {
      model: 'coec',
      minImpressions: 2,
      maxRank: 2,
    });
    expect(read(qrels).equals(read(direct.qrels))).toBe(true);
    expect(read(`${qrels}.sources.jsonl`).equals(read(direct.sources))).toBe(true);
  });

  it('matches logged ids to a corpus inside the corpora root: an id it lacks is counted and leaves a hole', async () => {
    const body = { model: 'coec', min_impressions: 2, max_rank: 2, thresholds: [0.5, 1, 2.5], corpus: 'tiny' };
    const job = await start('/traffic/judgements', body);
    const done = await ended<ClickQrelsSummary>('/traffic/judgements', job.id);
    expect(done.state, done.error).toBe('done');
    const s = done.summary!;
    // retired-page is not in tiny: its hit and its click go (2 ids unmatched), so ordinal 1 was
    // shown 6 times and clicked twice; error-e1042's COEC is 2 / (2 * 2/6) = 3.
    expect(s.dropped.find((d) => d.reason === UNMATCHED_DOCUMENT)?.count).toBe(2);
    expect(s.ctrCurve.map((p) => p.ctr)).toEqual([2 / 6, 3 / 6]);
    const qrels = path.join(resultsRoot, 'traffic', job.id, 'qrels', 'test.tsv');
    const e1042 = qrelsOf(qrels).find((r) => r[1] === 'error-e1042');
    expect(e1042?.[2]).toBe(String(grade(2 / (2 * (2 / 6)), [0.5, 1, 2.5])));
    const direct = judgeClicks(
      await matchDocs(await readTraffic([logDir]), { corpus: path.join(corporaRoot, 'tiny') }),
      path.join(freshDir(), 'qrels', 'test.tsv'),
      { model: 'coec', minImpressions: 2, maxRank: 2, thresholds: [0.5, 1, 2.5] },
    );
    expect(read(qrels).equals(read(direct.qrels))).toBe(true);
    // The dropped examples name the log's files by the folder's name, never the server's layout.
    const text = JSON.stringify(done);
    expect(text).not.toContain(root);
    expect(s.dropped.find((d) => d.reason === UNMATCHED_DOCUMENT)?.examples[0]).toMatch(
      /^logs\/ubi_(queries|events)-2024-03-05\.jsonl:\d+: "retired-page"$/,
    );
  });

  it('refuses a corpus outside the corpora root (400) or missing in it (404), before any job is queued', async () => {
    const before = (await (await app.request('/traffic/judgements')).json()) as { judgements: unknown[] };
    for (const corpus of ['../logs', path.join(root, 'logs'), '/etc']) {
      const res = await post('/traffic/judgements', { model: 'ctr', corpus });
      expect(res.status, corpus).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain(
        'outside the corpora root',
      );
    }
    expect((await post('/traffic/judgements', { model: 'ctr', corpus: 'nope' })).status).toBe(404);
    const after = (await (await app.request('/traffic/judgements')).json()) as { judgements: unknown[] };
    expect(after.judgements.length).toBe(before.judgements.length);
  });
});

describe('POST /traffic/judgements with a query set (queries, as --queries)', () => {
  it('judges only the queries of a set a sample job wrote, named as that job answers it, and counts the pairs left out', async () => {
    // top 1: the most frequent query, "harbor install" (4 searches).
    const sample = await ended<QuerySetSummary>(
      '/traffic/samples',
      (await start('/traffic/samples', { method: 'top', n: 1 })).id,
    );
    const body = { model: 'coec', min_impressions: 2, max_rank: 2, queries: sample.summary!.file };
    const done = await ended<ClickQrelsSummary>('/traffic/judgements', (await start('/traffic/judgements', body)).id);
    expect(done.state, done.error).toBe('done');
    const qrels = path.join(resultsRoot, done.summary!.qrels);
    // Only harbor install's two pairs; token expired's two (shown twice each) are left out.
    expect(qrelsOf(qrels).map((r) => [r[0], r[1]])).toEqual([
      [key('harbor install'), 'install-linux'],
      [key('harbor install'), 'install-mac'],
    ]);
    expect(done.summary!.querySet).toEqual({ queries: 1, judged: 1, pairsOutside: 2 });
    const direct = judgeClicks(await readTraffic([logDir]), path.join(freshDir(), 'qrels', 'test.tsv'), {
      model: 'coec',
      minImpressions: 2,
      maxRank: 2,
      queryIds: new Set([key('harbor install')]),
    });
    expect(read(qrels).equals(read(direct.qrels))).toBe(true);
    expect(read(`${qrels}.sources.jsonl`).equals(read(direct.sources))).toBe(true);
  });

  it('without min_impressions the job keeps the pairs shown as often as the CLI default asks', async () => {
    const done = await ended<ClickQrelsSummary>(
      '/traffic/judgements',
      (await start('/traffic/judgements', { model: 'coec' })).id,
    );
    expect(done.state, done.error).toBe('done');
    const help = /--min-impressions N[^\n]*\(default (\d+)\)/.exec(fromClicksUsage);
    expect(done.summary!.minImpressions).toBe(Number(help![1]));
  });

  it('refuses a query set outside the served roots (400), missing (404) or malformed (400 naming file and line), before any job is queued', async () => {
    const before = (await (await app.request('/traffic/judgements')).json()) as { judgements: unknown[] };
    fs.writeFileSync(path.join(corporaRoot, 'tiny', 'broken-queries.jsonl'), '{"_id": "q1", "text": "ok"}\n{"_id": \n');
    const cases: [string, number, string][] = [
      ['../logs/ubi_queries-2024-03-05.jsonl', 400, 'outside the corpora root or results folder'],
      ['/etc/passwd', 400, 'outside the corpora root or results folder'],
      ['tiny/no-such-queries.jsonl', 404, 'not found'],
      ['tiny/broken-queries.jsonl', 400, 'broken-queries.jsonl:2'],
    ];
    for (const [queries, status, message] of cases) {
      const res = await post('/traffic/judgements', { model: 'coec', queries });
      expect(res.status, queries).toBe(status);
      expect(((await res.json()) as { error: { message: string } }).error.message, queries).toContain(message);
    }
    const after = (await (await app.request('/traffic/judgements')).json()) as { judgements: unknown[] };
    expect(after.judgements.length).toBe(before.judgements.length);
  });
});

describe('an experiment over what the jobs wrote', () => {
  it('POST /experiments names the query set and qrels as the jobs answer them (from the results folder) and reports the bands as slices', async () => {
    const sample = await ended<QuerySetSummary>(
      '/traffic/samples',
      (await start('/traffic/samples', { method: 'top', n: 2 })).id,
    );
    const judged = await ended<ClickQrelsSummary>(
      '/traffic/judgements',
      (await start('/traffic/judgements', { model: 'coec', min_impressions: 2, corpus: 'tiny' })).id,
    );
    const yaml = [
      'name: from-traffic',
      'corpus: tiny',
      `queries: ${sample.summary!.file}`,
      `qrels: ${judged.summary!.qrels}`,
      'level: doc',
      'metrics: [ndcg@10]',
      'slices: [band]',
      'grid:',
      "  chunkers: ['structure:40']",
      "  embedders: ['hash:64']",
      '  retrievers: [{ name: bm25, mode: bm25 }]',
    ].join('\n');
    const experiment = await start('/experiments', { yaml });
    let job: { state: string; error?: string; report?: { configs: { slices: { label: string; n: number }[] }[] } };
    for (;;) {
      job = (await (await app.request(`/experiments/${experiment.id}`)).json()) as typeof job;
      if (job.state !== 'queued' && job.state !== 'running') break;
      await sleep(100);
    }
    expect(job.state, job.error).toBe('done');
    // "harbor install" is the head, "token expired" the torso (see the first test).
    expect(job.report!.configs[0]!.slices.map((sl) => [sl.label, sl.n])).toEqual([
      ['band=head', 1],
      ['band=torso', 1],
    ]);
    // Nothing else in the results folder may be read as a gold set: a path out of it is refused.
    const res = await post('/experiments', {
      yaml: yaml.replace(sample.summary!.file, '../logs/ubi_queries-2024-03-05.jsonl'),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain(
      'outside the corpora root or results folder',
    );
  });
});

describe('the OpenAPI document', () => {
  let schemas: Record<string, { required?: string[] }>;
  beforeAll(async () => {
    schemas = ((await apiDocument()) as { components: { schemas: Record<string, { required?: string[] }> } }).components
      .schemas;
  });
  const hasRequired = (value: object, schema: string) => {
    for (const key of schemas[schema]!.required ?? []) expect(value, `${schema}.${key}`).toHaveProperty(key);
  };

  it('names the fields real answers have: the job started, the job done, and both summaries', async () => {
    const started = await start('/traffic/samples', { method: 'top', n: 1 });
    hasRequired(started, 'TrafficJobStarted');
    const sample = await ended<QuerySetSummary>('/traffic/samples', started.id);
    hasRequired(sample, 'TrafficJob');
    hasRequired(sample.summary!, 'QuerySetSummary');
    const judged = await ended<ClickQrelsSummary>(
      '/traffic/judgements',
      (await start('/traffic/judgements', { model: 'ctr', min_impressions: 1, corpus: 'tiny' })).id,
    );
    hasRequired(judged, 'TrafficJob');
    hasRequired(judged.summary!, 'ClickQrelsSummary');
    // retired-page is not in tiny: counted under a reason.
    expect(judged.summary!.dropped.length).toBeGreaterThan(0);
    hasRequired(judged.summary!.dropped[0]!, 'DroppedCount');
  });
});

describe('refusals', () => {
  it('409 without a --log-queries folder, saying how to start the server', async () => {
    for (const [url, body] of [
      ['/traffic/samples', { method: 'top', n: 1 }],
      ['/traffic/judgements', { model: 'coec' }],
    ] as const) {
      const res = await post(url, body, unlogged);
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain('--log-queries DIR');
    }
  });

  it('400 on bad bodies, naming the field', async () => {
    const bad: [string, unknown, string][] = [
      ['/traffic/samples', { method: 'top', n: 0 }, 'n'],
      ['/traffic/samples', { method: 'x', n: 5 }, 'method'],
      ['/traffic/samples', { n: 5 }, 'method'],
      ['/traffic/samples', { method: 'top', n: 5, extra: true }, 'extra'],
      ['/traffic/samples', { method: 'top', n: 1.5 }, 'n'],
      ['/traffic/samples', { method: 'pps', n: 5, seed: -1 }, 'seed'],
      ['/traffic/samples', { method: 'pps', n: 5, head_share: 0 }, 'head_share'],
      ['/traffic/samples', { method: 'pps', n: 5, head_share: 0.6, torso_share: 0.5 }, 'torso_share'],
      ['/traffic/judgements', { model: 'dbn' }, 'model'],
      ['/traffic/judgements', { model: 'ctr', thresholds: [1, 0.5] }, 'thresholds'],
      ['/traffic/judgements', { model: 'ctr', max_rank: 0 }, 'max_rank'],
      ['/traffic/judgements', { model: 'ctr', min_impressions: -1 }, 'min_impressions'],
      ['/traffic/judgements', { model: 'ctr', doc_key: 'metadata.url' }, 'doc_key'],
      ['/traffic/judgements', { model: 'ctr', click_actions: [] }, 'click_actions'],
      ['/traffic/samples', '{"method": ', 'JSON'],
    ];
    for (const [url, body, field] of bad) {
      const res = await post(url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message, JSON.stringify(body)).toContain(
        field,
      );
    }
  });

  it('the POSTs need the token when the server has one; the GETs too with --protect-search', async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    for (const target of [guarded, tokenOnly]) {
      expect((await post('/traffic/samples', { method: 'top', n: 1 }, target)).status).toBe(401);
      expect((await post('/traffic/judgements', { model: 'coec' }, target)).status).toBe(401);
      expect(
        (await post('/traffic/samples', { method: 'top', n: 1 }, target, { authorization: 'Bearer no' })).status,
      ).toBe(403);
    }
    const res = await post('/traffic/samples', { method: 'top', n: 1 }, guarded, auth);
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    for (const url of ['/traffic/samples', `/traffic/samples/${id}`, '/traffic/judgements']) {
      expect((await guarded.request(url)).status, url).toBe(401);
      expect((await guarded.request(url, { headers: auth })).status, url).toBe(200);
      // Without --protect-search, reading is open.
      expect((await tokenOnly.request(url)).status, url).toBe(200);
    }
    await ended('/traffic/samples', id, tokenOnly);
  });
});

describe('what ends a job', () => {
  it('a log folder with no search yet: the job fails saying so (no empty query set or qrels is written)', async () => {
    for (const [url, body] of [
      ['/traffic/samples', { method: 'pps', n: 10 }],
      ['/traffic/judgements', { model: 'coec' }],
    ] as const) {
      const job = await start(url, body, emptyApp);
      const done = await ended(url, job.id, emptyApp);
      expect(done.state).toBe('failed');
      expect(done.error).toContain('the query log holds no searches yet');
      // The folder is named by its own name, not the server's path to it.
      expect(done.error).toMatch(/^empty-logs: /);
      expect(fs.existsSync(path.join(resultsRoot, 'traffic', job.id))).toBe(false);
    }
  });

  it('a server stopping stops its queued and running jobs, recorded interrupted', async () => {
    const ownCatalog = new IndexCatalog(path.join(root, 'data'), { queue: new JobQueue(1) });
    const stopping = createApp({ catalog: ownCatalog, corporaRoot, resultsRoot, cacheDir, queryLog: log });
    const running = await start('/traffic/samples', { method: 'top', n: 1 }, stopping);
    const queued = await start('/traffic/judgements', { model: 'ctr' }, stopping);
    expect([running.state, queued.state]).toEqual(['running', 'queued']);
    await ownCatalog.close();
    // A stopped server starts no more: 409, and no job is left recorded as queued.
    const before = ((await (await stopping.request('/traffic/samples')).json()) as { samples: unknown[] }).samples;
    const refused = await post('/traffic/samples', { method: 'top', n: 1 }, stopping);
    expect(refused.status).toBe(409);
    expect(((await (await stopping.request('/traffic/samples')).json()) as { samples: unknown[] }).samples).toEqual(
      before,
    );
    for (const [url, id] of [
      ['/traffic/samples', running.id],
      ['/traffic/judgements', queued.id],
    ] as const) {
      const job = (await (await stopping.request(`${url}/${id}`)).json()) as TrafficJob<unknown>;
      expect(job.state).toBe('interrupted');
      expect(job.error).toContain('the server stopped');
      // A server started later reads the record the same way.
      const later = createApp({ catalog, corporaRoot, resultsRoot, cacheDir, queryLog: log });
      expect(((await (await later.request(`${url}/${id}`)).json()) as TrafficJob<unknown>).state).toBe('interrupted');
    }
  });
});
