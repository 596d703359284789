import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { additionsFile } from '../../src/gold/additions-file.js';
import { queryAdditionsFile } from '../../src/gold/query-additions-file.js';
import { errorResponse } from '../../src/http/errors.js';
import { goldRoutes } from '../../src/http/routes/gold.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { webFixture, type WebFixture } from '../web/helpers/web-fixture.js';

const root = tmpDir('gold-queries-');
const corporaRoot = path.join(root, 'corpora');
const QRELS = 'tiny/qrels/test.tsv';
const qrelsFile = path.join(corporaRoot, QRELS);
const addedQueries = path.join(corporaRoot, 'tiny', 'queries.jsonl.additions.jsonl');
const app = new Hono();
app.route('/gold', goldRoutes(corporaRoot));
app.onError(errorResponse);

beforeAll(() => {
  fs.mkdirSync(corporaRoot, { recursive: true });
  fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'tiny'), { recursive: true });
  // a qrels file in a qrels folder with no queries.jsonl or corpus.jsonl beside it
  fs.mkdirSync(path.join(corporaRoot, 'loose', 'qrels'), { recursive: true });
  fs.writeFileSync(path.join(corporaRoot, 'loose', 'qrels', 'gold.tsv'), 'q1\tplans\t1\n');
});

const ask = (body: unknown) =>
  app.request('/gold/queries', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;
const written = () =>
  [addedQueries, additionsFile(qrelsFile)].map((f) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : ''));
const expId = (normalised: string) => `exp-${createHash('sha256').update(normalised).digest('hex').slice(0, 12)}`;

describe('POST /gold/queries and GET /gold/queries', () => {
  it('creates the query and its judgements (201), lists it, and lets POST /gold judge it afterwards', async () => {
    const res = await ask({
      qrels: QRELS,
      text: 'How do I install Harbor on a Mac?',
      judge: 'Ann',
      judgements: [
        { doc_id: 'install-mac', grade: 3, note: 'the steps' },
        { doc_id: 'install-linux', grade: 0 },
      ],
      note: 'from a support call',
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      query: { _id: string; text: string; metadata: Record<string, unknown> };
      additions: Record<string, unknown>[];
    };
    const id = expId('how do i install harbor on a mac?');
    expect(body.query).toEqual({
      _id: id,
      text: 'How do I install Harbor on a Mac?',
      metadata: { source: 'expert', judge: 'Ann', date: body.additions[0]?.date, note: 'from a support call' },
    });
    expect(body.additions).toEqual([
      {
        query_id: id,
        doc_id: 'install-mac',
        grade: 3,
        note: 'the steps',
        judge: 'Ann',
        source: 'expert',
        date: expect.any(String),
      },
      {
        query_id: id,
        doc_id: 'install-linux',
        grade: 0,
        judge: 'Ann',
        source: 'expert',
        date: body.additions[0]?.date,
      },
    ]);
    expect(queryAdditionsFile(path.join(corporaRoot, 'tiny', 'queries.jsonl'))).toBe(addedQueries);
    expect(JSON.parse(fs.readFileSync(addedQueries, 'utf8'))).toEqual(body.query);

    const list = await app.request(`/gold/queries?qrels=${encodeURIComponent(QRELS)}`);
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual({ queries: [body.query] });

    const later = await app.request('/gold', {
      method: 'POST',
      body: JSON.stringify({ qrels: QRELS, query_id: id, doc_id: 'plans', grade: 0, judge: 'Bo' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(later.status).toBe(201);
  });

  it('the same question again -> 409 naming the query, nothing written', async () => {
    const before = written();
    const res = await ask({
      qrels: QRELS,
      text: 'how do i   install harbor on a mac?',
      judge: 'Bo',
      judgements: [{ doc_id: 'install-mac', grade: 2 }],
    });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toContain(
      `already asked as query "${expId('how do i install harbor on a mac?')}": judge it there`,
    );
    expect(written()).toEqual(before);
  });

  it('an unknown document -> 400 naming it and its field, nothing written', async () => {
    const before = written();
    const res = await ask({
      qrels: QRELS,
      text: 'what does the release add',
      judge: 'Bo',
      judgements: [
        { doc_id: 'release-3-2', grade: 2 },
        { doc_id: 'no-such-page', grade: 1 },
      ],
    });
    expect(res.status).toBe(400);
    const { message } = await errorOf(res);
    expect(message).toContain('(field "judgements[1].doc_id"): unknown document id "no-such-page"');
    expect(written()).toEqual(before);
  });

  it.each([
    [{ judgements: [{ doc_id: 'plans', grade: 1.5 }] }, 'judgements.0.grade'],
    [{ judgements: [{ doc_id: 'plans', grade: 1, source: 'llm' }] }, 'judgements.0'],
    [{ extra: true }, 'request'],
    [{ judgements: [{ doc_id: 'plans', grade: 5 }] }, 'judgements[0].grade'],
  ])('a malformed body %j -> 400 naming %s', async (change, field) => {
    const res = await ask({
      qrels: QRELS,
      text: 'what do plans cost',
      judge: 'Bo',
      judgements: [{ doc_id: 'plans', grade: 1 }],
      ...change,
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain(field);
  });

  it('a missing qrels file -> 404; a qrels file outside a BEIR folder -> 400 on POST, no queries on GET', async () => {
    const missing = await ask({
      qrels: 'tiny/qrels/dev.tsv',
      text: 'q',
      judge: 'Bo',
      judgements: [{ doc_id: 'plans', grade: 1 }],
    });
    expect(missing.status).toBe(404);
    const loose = await ask({
      qrels: 'loose/qrels/gold.tsv',
      text: 'q',
      judge: 'Bo',
      judgements: [{ doc_id: 'plans', grade: 1 }],
    });
    expect(loose.status).toBe(400);
    expect((await errorOf(loose)).message).toContain('written questions need a BEIR folder');
    const list = await app.request(`/gold/queries?qrels=${encodeURIComponent('loose/qrels/gold.tsv')}`);
    expect(await list.json()).toEqual({ queries: [] });
  });
});

describe('POST /gold/queries in the real app', () => {
  let fx: WebFixture;
  beforeAll(async () => {
    fx = await webFixture(tmpDir('gold-queries-app-'), { token: 'correct-horse-battery-staple' });
  });
  afterAll(() => fx.catalog.close());

  it('needs the bearer token like POST /gold', async () => {
    const body = JSON.stringify({
      qrels: QRELS,
      text: 'is there an sla',
      judge: 'Ann',
      judgements: [{ doc_id: 'plans', grade: 1 }],
    });
    const headers = { 'content-type': 'application/json' };
    const refused = await fx.app.request('/gold/queries', { method: 'POST', body, headers });
    expect(refused.status).toBe(401);
    expect(fs.existsSync(path.join(fx.corporaRoot, 'tiny', 'queries.jsonl.additions.jsonl'))).toBe(false);
    const allowed = await fx.app.request('/gold/queries', {
      method: 'POST',
      body,
      headers: { ...headers, authorization: 'Bearer correct-horse-battery-staple' },
    });
    expect(allowed.status).toBe(201);
  });
});
