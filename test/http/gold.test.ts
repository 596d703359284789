import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Addition } from '../../src/gold/types.js';
import { readGold } from '../../src/gold/read-judgements.js';
import { additionsFile } from '../../src/gold/additions-file.js';
import { errorResponse } from '../../src/http/errors.js';
import { goldRoutes } from '../../src/http/routes/gold.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

const root = tmpDir();
const corporaRoot = path.join(root, 'corpora');
const QRELS = 'tiny/qrels/test.tsv';
const app = new Hono();
app.route('/gold', goldRoutes(corporaRoot));
app.onError(errorResponse);

beforeAll(() => {
  fs.mkdirSync(corporaRoot, { recursive: true });
  fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'tiny'), { recursive: true });
  // a qrels file outside the root, and a link inside the root that points at it
  fs.writeFileSync(path.join(root, 'secret.tsv'), 'q1\td1\t1\n');
  fs.symlinkSync(path.join(root, 'secret.tsv'), path.join(corporaRoot, 'link.tsv'));
});

const post = (body: unknown) =>
  app.request('/gold', {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
const remove = (qrels: string, queryId: string, docId: string) =>
  app.request(`/gold?${new URLSearchParams({ qrels, query_id: queryId, doc_id: docId })}`, { method: 'DELETE' });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe('gold routes', () => {
  it('POST / records a judgement (201 with the addition); GET / lists it; readGold sees it', async () => {
    const res = await post({ qrels: QRELS, query_id: 'q5', doc_id: 'install-mac', grade: 2, note: 'macOS only' });
    expect(res.status).toBe(201);
    const added = (await res.json()) as Addition;
    expect(added).toMatchObject({ query_id: 'q5', doc_id: 'install-mac', grade: 2, note: 'macOS only' });
    expect(Date.parse(added.date)).not.toBeNaN();

    const plain = await post({ qrels: QRELS, query_id: 'q1', doc_id: 'plans' });
    expect(plain.status).toBe(201);
    expect(await plain.json()).toMatchObject({ query_id: 'q1', doc_id: 'plans', grade: 1 });

    const list = await app.request(`/gold?qrels=${encodeURIComponent(QRELS)}`);
    expect(list.status).toBe(200);
    const { additions } = (await list.json()) as { additions: Addition[] };
    expect(additions.map((a) => [a.query_id, a.doc_id, a.grade])).toEqual([
      ['q5', 'install-mac', 2],
      ['q1', 'plans', 1],
    ]);
    expect(additions[0]).toEqual(added);

    const filtered = (await (await app.request(`/gold?qrels=${encodeURIComponent(QRELS)}&query_id=q1`)).json()) as {
      additions: Addition[];
    };
    expect(filtered.additions.map((a) => a.doc_id)).toEqual(['plans']);

    const gold = await readGold(path.join(corporaRoot, QRELS));
    expect(gold.get('q5')).toEqual(new Map([['install-mac', 2]]));
    expect(gold.get('q1')?.get('plans')).toBe(1);
  });

  it('POST / keeps judge and source; a source that is not one word -> 400 naming the field', async () => {
    const res = await post({ qrels: QRELS, query_id: 'q2', doc_id: 'plans', grade: 0, judge: 'Ann', source: 'human' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ query_id: 'q2', doc_id: 'plans', judge: 'Ann', source: 'human' });
    const bad = await post({ qrels: QRELS, query_id: 'q2', doc_id: 'plans', source: 'by hand' });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toMatch(/source must be one short word/);
  });

  it.each(['../secret.tsv', path.join(root, 'secret.tsv'), 'tiny/../../secret.tsv', 'link.tsv'])(
    'qrels path %s outside the corpora root -> 400, nothing written',
    async (qrels) => {
      const res = await post({ qrels, query_id: 'q1', doc_id: 'd2' });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toMatch(/^qrels path .* (is|leads) outside the corpora root$/);
      expect((await app.request(`/gold?qrels=${encodeURIComponent(qrels)}`)).status).toBe(400);
      expect(fs.existsSync(additionsFile(path.join(root, 'secret.tsv')))).toBe(false);
    },
  );

  it('unknown keys -> 400, in the body and in the query string', async () => {
    const res = await post({ qrels: QRELS, query_id: 'q1', doc_id: 'plans', relevance: 2 });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toMatch(/relevance/);
    const list = await app.request(`/gold?qrels=${encodeURIComponent(QRELS)}&query=q1`);
    expect(list.status).toBe(400);
    expect((await errorOf(list)).message).toMatch(/query/);
  });

  const bad: [string, unknown, number, string][] = [
    ['unknown query id', { qrels: QRELS, query_id: 'q9', doc_id: 'plans' }, 400, 'unknown query id "q9"'],
    ['unknown doc id', { qrels: QRELS, query_id: 'q1', doc_id: 'nope' }, 400, 'unknown document id "nope"'],
    [
      'grade 11',
      { qrels: QRELS, query_id: 'q1', doc_id: 'plans', grade: 11 },
      400,
      'grade must be an integer from 0 to 10',
    ],
    ['grade 1.5', { qrels: QRELS, query_id: 'q1', doc_id: 'plans', grade: 1.5 }, 400, 'grade'],
    ['grade as text', { qrels: QRELS, query_id: 'q1', doc_id: 'plans', grade: '2' }, 400, 'grade'],
    ['empty doc id', { qrels: QRELS, query_id: 'q1', doc_id: '' }, 400, 'document id must be a non-empty string'],
    ['missing qrels', { query_id: 'q1', doc_id: 'plans' }, 400, 'qrels'],
    [
      'missing file',
      { qrels: 'tiny/qrels/dev.tsv', query_id: 'q1', doc_id: 'plans' },
      404,
      'qrels "tiny/qrels/dev.tsv" not found under the corpora root',
    ],
    ['a folder', { qrels: 'tiny/qrels', query_id: 'q1', doc_id: 'plans' }, 400, 'qrels "tiny/qrels" is not a file'],
    ['not JSON', '{"qrels": ', 400, 'not valid JSON'],
    ['not an object', '[1]', 400, 'request'],
  ];
  it.each(bad)('%s -> %s', async (_name, body, status, needle) => {
    const before = fs.readFileSync(additionsFile(path.join(corporaRoot, QRELS)), 'utf8');
    const res = await post(body);
    expect(res.status).toBe(status);
    expect((await errorOf(res)).message).toContain(needle);
    expect(fs.readFileSync(additionsFile(path.join(corporaRoot, QRELS)), 'utf8')).toBe(before);
  });

  it('GET without qrels -> 400; a qrels file with no additions lists none', async () => {
    expect((await app.request('/gold')).status).toBe(400);
    fs.mkdirSync(path.join(corporaRoot, 'other', 'qrels'), { recursive: true });
    fs.writeFileSync(path.join(corporaRoot, 'other', 'qrels', 'q.tsv'), 'a\tb\t1\n');
    // Its one line is a published judgement.
    expect(await (await app.request('/gold?qrels=other/qrels/q.tsv')).json()).toEqual({
      additions: [],
      sources: { published: 1 },
    });
  });

  describe('DELETE / (take back an addition)', () => {
    // A copy of its own, so the tests above and their additions file are left alone.
    const OWN = 'own/qrels/test.tsv';
    beforeAll(() => fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'own'), { recursive: true }));

    it("removes the pair's additions (200 with them), GET and readGold no longer see it, and the emptied file is gone", async () => {
      const added = (await (
        await post({ qrels: OWN, query_id: 'q3', doc_id: 'release-3-2', grade: 2 })
      ).json()) as Addition;
      // The qrels file's data lines are published judgements; the pair added through POST is a person's.
      const published =
        fs
          .readFileSync(path.join(TINY_BEIR, 'qrels', 'test.tsv'), 'utf8')
          .trim()
          .split('\n').length - 1;
      const before = (await (await app.request(`/gold?qrels=${encodeURIComponent(OWN)}`)).json()) as {
        sources: Record<string, number>;
      };
      expect(before.sources).toEqual({ published, human: 1 });
      const res = await remove(OWN, 'q3', 'release-3-2');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ removed: [added], remaining: 0 });
      expect(await (await app.request(`/gold?qrels=${encodeURIComponent(OWN)}`)).json()).toEqual({
        additions: [],
        sources: { published },
      });
      expect((await readGold(path.join(corporaRoot, OWN))).get('q3')).toEqual(new Map([['plans', 2]]));
      expect(fs.existsSync(additionsFile(path.join(corporaRoot, OWN)))).toBe(false);
    });

    it('an addition overruling the published qrels: removed, and the answer names the published grade', async () => {
      await post({ qrels: OWN, query_id: 'q4', doc_id: 'install-linux', grade: 0 });
      await post({ qrels: OWN, query_id: 'q1', doc_id: 'plans' });
      expect(await (await remove(OWN, 'q4', 'install-linux')).json()).toMatchObject({ published: 2, remaining: 1 });
    });

    it('409 for a judgement only in the published qrels, 404 for one judged nowhere; nothing changes', async () => {
      const file = additionsFile(path.join(corporaRoot, OWN));
      const before = fs.readFileSync(file, 'utf8');
      const published = await remove(OWN, 'q1', 'faq-reset');
      expect(published.status).toBe(409);
      expect(await errorOf(published)).toMatchObject({
        code: 'conflict',
        message: expect.stringContaining('in the published qrels file'),
      });
      const nowhere = await remove(OWN, 'q2', 'install-mac');
      expect(nowhere.status).toBe(404);
      // the additions file named from the corpora root, never by its absolute path
      expect((await errorOf(nowhere)).message).toBe(
        `no judgement of query "q2" document "install-mac" was added to corpora/${OWN}.additions.jsonl`,
      );
      expect(fs.readFileSync(file, 'utf8')).toBe(before);
    });

    it("with judge=, removes only that judge's additions of the pair: the other judge's line stays", async () => {
      await post({ qrels: OWN, query_id: 'q5', doc_id: 'install-mac', grade: 1, judge: 'ann', source: 'human' });
      const file = additionsFile(path.join(corporaRoot, OWN));
      const before = fs.readFileSync(file, 'utf8');
      await post({ qrels: OWN, query_id: 'q5', doc_id: 'install-mac', grade: 3, judge: 'ben', source: 'human' });
      const pair = { qrels: OWN, query_id: 'q5', doc_id: 'install-mac', judge: 'ben' };
      const res = await app.request(`/gold?${new URLSearchParams(pair)}`, { method: 'DELETE' });
      expect(res.status).toBe(200);
      const { removed } = (await res.json()) as { removed: Addition[] };
      expect(removed.map((a) => [a.judge, a.grade])).toEqual([['ben', 3]]);
      expect(fs.readFileSync(file, 'utf8')).toBe(before);
      expect((await app.request(`/gold?${new URLSearchParams(pair)}`, { method: 'DELETE' })).status).toBe(404);
    });

    it('400 for a missing parameter, an unknown one, or a qrels path outside the root', async () => {
      expect(
        (await app.request(`/gold?qrels=${encodeURIComponent(OWN)}&query_id=q1`, { method: 'DELETE' })).status,
      ).toBe(400);
      const extra = await app.request(`/gold?qrels=${encodeURIComponent(OWN)}&query_id=q1&doc_id=plans&grade=1`, {
        method: 'DELETE',
      });
      expect(extra.status).toBe(400);
      expect((await errorOf(extra)).message).toMatch(/grade/);
      expect((await remove('../secret.tsv', 'q1', 'd1')).status).toBe(400);
    });
  });
});
