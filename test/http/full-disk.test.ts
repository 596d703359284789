import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { additionsFile } from '../../src/gold/additions-file.js';
import { QueryLog } from '../../src/traffic/query-log.js';
import { type FullDisk, injectFullDisk, tornLines } from '../helpers/full-disk.js';
import { timeBudget } from '../helpers/time-budget.js';
import { tmpDir } from '../helpers/tmp.js';
import { webFixture, type WebFixture } from '../web/helpers/web-fixture.js';

// A full disk over the real app: searches are answered (their lost log lines counted on
// /health and /traffic), POST /events and POST /gold answer 507 with a JSON error and leave
// nothing in their files, and a symlinked additions.jsonl is refused with a 400.

const NOW = new Date('2024-03-05T10:00:00Z');
let fx: WebFixture;
let log: QueryLog;
let logDir: string;
let disk: FullDisk | undefined;

beforeAll(async () => {
  const root = tmpDir('full-disk-http-');
  logDir = path.join(root, 'traffic');
  log = await QueryLog.open(logDir, { now: () => NOW });
  fx = await webFixture(root, { queryLog: log });
}, timeBudget(60_000));
afterAll(async () => {
  await log.close();
  fx.catalog.close();
});
afterEach(() => {
  disk?.restore();
  disk = undefined;
});

const queriesFile = () => path.join(logDir, 'ubi_queries-2024-03-05.jsonl');
const qrels = () => path.join(fx.corporaRoot, 'tiny', 'qrels', 'test.tsv');
const json = (body: unknown) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});
const lostOf = async (url: string) =>
  ((await (await fx.app.request(url)).json()) as { lost_log_writes: unknown }).lost_log_writes;

describe('a full disk over HTTP', () => {
  it('a search is answered 200 when its log line cannot be written; /health and /traffic count the loss', async () => {
    const ok = await fx.app.request('/search/bm25?index=tiny&q=harbor&k=3&level=doc');
    expect(ok.status).toBe(200);
    expect(await lostOf('/health')).toEqual({ queries: 0, events: 0 });
    disk = await injectFullDisk(() => 'half-then-enospc');
    for (const q of ['harbor', 'plans']) {
      const res = await fx.app.request(`/search/bm25?index=tiny&q=${q}&k=3&level=doc`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { hits: unknown[] }).hits.length).toBeGreaterThan(0);
    }
    disk.restore();
    expect(await lostOf('/health')).toEqual({ queries: 2, events: 0 });
    expect(await lostOf('/traffic')).toEqual({ queries: 2, events: 0 });
    expect(tornLines(queriesFile())).toEqual([]);
    // The lost searches' ids are not known: an event naming one is refused as for any unlogged search.
    const lost = await (async () => {
      disk = await injectFullDisk(() => 'enospc');
      const res = await fx.app.request('/search/bm25?index=tiny&q=harbor&k=3&level=doc');
      disk.restore();
      return (await res.json()) as { query_id: string };
    })();
    const event = {
      action_name: 'click',
      query_id: lost.query_id,
      event_attributes: { object: { object_id: 'plans' }, position: { ordinal: 1 } },
    };
    expect((await fx.app.request('/events', json(event))).status).toBe(404);
  });

  it('POST /events answers 507 with a JSON error when the log cannot be written, and writes none of the batch', async () => {
    const search = (await (await fx.app.request('/search/bm25?index=tiny&q=harbor&k=3')).json()) as {
      query_id: string;
    };
    const eventsFile = path.join(logDir, 'ubi_events-2024-03-05.jsonl');
    const before = fs.existsSync(eventsFile) ? fs.readFileSync(eventsFile, 'utf8') : '';
    const lostBefore = (await lostOf('/health')) as { queries: number; events: number };
    disk = await injectFullDisk(() => 'short');
    const clicks = [1, 2].map((ordinal) => ({
      action_name: 'click',
      query_id: search.query_id,
      event_attributes: { object: { object_id: 'plans' }, position: { ordinal } },
    }));
    const res = await fx.app.request('/events', json(clicks));
    expect(res.status).toBe(507);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('storage_full');
    disk.restore();
    expect(fs.existsSync(eventsFile) ? fs.readFileSync(eventsFile, 'utf8') : '').toBe(before);
    expect(await lostOf('/health')).toEqual({ queries: lostBefore.queries, events: lostBefore.events + 2 });
  });

  it('POST /gold answers 507 and leaves the additions file as it was; after space is freed it answers 201', async () => {
    const judgement = { qrels: 'tiny/qrels/test.tsv', query_id: 'q1', doc_id: 'plans', grade: 2 };
    expect((await fx.app.request('/gold', json(judgement))).status).toBe(201);
    const before = fs.readFileSync(additionsFile(qrels()), 'utf8');
    for (const fault of ['enospc', 'short', 'half-then-enospc'] as const) {
      disk = await injectFullDisk(() => fault);
      const res = await fx.app.request('/gold', json({ ...judgement, grade: 3 }));
      disk.restore();
      expect(res.status).toBe(507);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('storage_full');
      expect(fs.readFileSync(additionsFile(qrels()), 'utf8')).toBe(before);
    }
    // A disk that takes the write and fails its fsync: not acknowledged, and not left behind.
    disk = await injectFullDisk(
      () => 'ok',
      () => true,
    );
    expect((await fx.app.request('/gold', json({ ...judgement, grade: 3 }))).status).toBe(507);
    disk.restore();
    expect(fs.readFileSync(additionsFile(qrels()), 'utf8')).toBe(before);
    expect((await fx.app.request('/gold', json({ ...judgement, grade: 3 }))).status).toBe(201);
    expect(tornLines(additionsFile(qrels()))).toEqual([]);
  });

  it('POST /gold refuses a symbolic link as additions.jsonl with a 400, appending nothing outside the root', async () => {
    const corpus = path.join(fx.corporaRoot, 'linked');
    fs.cpSync(path.join(fx.corporaRoot, 'tiny'), corpus, { recursive: true });
    const linkedQrels = path.join(corpus, 'qrels', 'test.tsv');
    fs.rmSync(additionsFile(linkedQrels), { force: true });
    const outside = path.join(fx.root, 'outside.txt');
    fs.writeFileSync(outside, 'not yours\n');
    fs.symlinkSync(outside, additionsFile(linkedQrels));
    const res = await fx.app.request(
      '/gold',
      json({ qrels: 'linked/qrels/test.tsv', query_id: 'q1', doc_id: 'plans' }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/symbolic link/);
    expect(fs.readFileSync(outside, 'utf8')).toBe('not yours\n');
  });
});
