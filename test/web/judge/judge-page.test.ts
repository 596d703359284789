import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addJudgement } from '../../../src/gold/additions.js';
import { judgingOrder, poolSeed } from '../../../src/web/judge/judging-order.js';
import { tmpDir } from '../../helpers/tmp.js';
import { webFixture, type WebFixture } from '../helpers/web-fixture.js';
import { judgePageReader, shownPair } from './judge-page-reader.js';

// The tiny fixture's qrels judge q1: faq-reset, error-e1042, auth-failures; q2: error-e1042;
// q3: plans; q4: install-linux. The pool below lists 10 pairs:
// - 2 judged in the pool file's own column (q1 auth-failures, q3 plans),
// - 1 with an empty column that the published qrels judge (q1 faq-reset),
// - 7 holes, among them long-guide, a long document added to the corpus here.
const POOL = [
  'query-id\tcorpus-id\tjudged',
  'q1\tauth-failures\t1',
  'q1\tconfig-session-ttl\t',
  'q1\tfaq-reset\t',
  'q1\tinstall-linux\t',
  'q1\tlong-guide\t',
  'q2\tapi-upload\t',
  'q2\terror-e2210\t',
  'q3\tplans\t2',
  'q3\trelease-3-2\t',
  'q5\tinstall-mac\t',
].join('\n');
const HOLES = [
  ['q1', 'config-session-ttl'],
  ['q1', 'install-linux'],
  ['q1', 'long-guide'],
  ['q2', 'api-upload'],
  ['q2', 'error-e2210'],
  ['q3', 'release-3-2'],
  ['q5', 'install-mac'],
].map(([queryId, docId]) => ({ queryId: queryId!, docId: docId! }));
const POOL_ENTRIES = POOL.split('\n')
  .slice(1)
  .map((line) => {
    const [queryId, docId] = line.split('\t');
    return { queryId: queryId!, docId: docId! };
  });
// Words before the answer: long enough that the page shows a passage around the query's words.
const FILLER = 'Harbor keeps a journal of every change made to the cluster. '.repeat(60);

let fx: WebFixture;
let qrelsFile: string;
beforeAll(async () => {
  fx = await webFixture(tmpDir('web-judge-'));
  const tiny = path.join(fx.corporaRoot, 'tiny');
  qrelsFile = path.join(tiny, 'qrels', 'test.tsv');
  const longDoc = {
    _id: 'long-guide',
    title: 'Operations guide',
    text: `${FILLER}To reset a password, sign in as admin.`,
  };
  fs.appendFileSync(path.join(tiny, 'corpus.jsonl'), JSON.stringify(longDoc) + '\n');
  // The pool beside the runs that made it: their names must not reach the page.
  const exp = path.join(fx.resultsRoot, 'tiny-grid');
  fs.mkdirSync(exp, { recursive: true });
  fs.writeFileSync(path.join(exp, 'pool.tsv'), POOL + '\n');
  fs.writeFileSync(path.join(exp, 'bm25-secret-run.trec'), 'q1 Q0 long-guide 1 9.5 bm25-secret-run\n');
  // ada judged one hole already; bob judged another (which ada should still see, for agreement)
  await addJudgement(qrelsFile, { queryId: 'q2', docId: 'api-upload', grade: 0, judge: 'ada', source: 'human' });
  await addJudgement(qrelsFile, { queryId: 'q1', docId: 'install-linux', grade: 1, judge: 'bob', source: 'human' });
});
afterAll(() => fx.catalog.close());

const BASE = 'qrels=tiny/qrels/test.tsv&pool=results:tiny-grid/pool.tsv';
const { get, walk } = judgePageReader(() => fx);

describe('GET /judge', () => {
  it('without a choice lists the gold sets and the pool files found, and asks to choose', async () => {
    const { res, html } = await get('');
    expect(res.status).toBe(200);
    expect(html).toContain('<option value="tiny/qrels/test.tsv">tiny/qrels/test.tsv</option>');
    expect(html).toContain('<option value="results:tiny-grid/pool.tsv">tiny-grid/pool.tsv (results)</option>');
    // a qrels file is a .tsv too, but not a pool
    expect(html).not.toContain('corpora:tiny/qrels/test.tsv');
    expect(html).toContain('Choose a gold set and a pool to start.');
    expect(html).not.toContain('class="judge-pair"');
  });

  it('asks for the name before showing any pair', async () => {
    const { html } = await get(BASE);
    expect(html).toContain('Choose your name to start.');
    expect(html).toMatch(/<input id="judge-name" name="judge"[^>]*autofocus/);
    expect(shownPair(html)).toBeUndefined();
  });

  it("shows the pool's holes only: judged pairs skipped and counted, this judge's own too, another judge's not", async () => {
    const { html } = await get(`${BASE}&judge=ada`);
    // 10 pairs; 2 judged in the pool file + 1 in the published qrels = 3 before; ada judged 1; 7 - 1 = 6 left
    expect(html).toMatch(
      /Judged <strong>4<\/strong> \/ 10 pool pairs \(3 judged before,\s*1 by you as ada\); <strong>6<\/strong> left/,
    );
    const seen = await walk(`${BASE}&judge=ada`, 6);
    const expected = HOLES.filter((p) => !(p.queryId === 'q2' && p.docId === 'api-upload'));
    expect(seen.map((p) => `${p.queryId} ${p.docId}`).sort()).toEqual(
      expected.map((p) => `${p.queryId} ${p.docId}`).sort(),
    );
    // bob's pair is in ada's list: two judges grade the same pairs
    expect(seen).toContainEqual({ queryId: 'q1', docId: 'install-linux' });
    // past the end stays on the last pair left
    expect(shownPair((await get(`${BASE}&judge=ada&at=99`)).html)?.at).toBe(5);
  });

  it("walks the holes in the pool's seeded order, the same for every judge; a seed given reorders them reproducibly", async () => {
    const seed = poolSeed(POOL_ENTRIES);
    const { html } = await get(`${BASE}&judge=cy`);
    expect(html).toContain(`Seed ${seed} (the pool&#39;s own`);
    const cy = await walk(`${BASE}&judge=cy`, 7);
    // the order a second judge reproduces from the pool alone
    expect(cy).toEqual(judgingOrder(HOLES, seed));
    expect(await walk(`${BASE}&judge=dee`, 7)).toEqual(cy);
    // the seed is kept in the form, so sending it again (another name) keeps the order
    expect((await get(`${BASE}&judge=cy&seed=5`)).html).toContain('<input type="hidden" name="seed" value="5"/>');
    const seeded = await walk(`${BASE}&judge=cy&seed=5`, 7);
    expect(seeded).toEqual(judgingOrder(HOLES, 5));
    expect(await walk(`${BASE}&judge=cy&seed=5`, 7)).toEqual(seeded);
  });

  it('is blind: the query and the document, never the run, rank, score or pool grade', async () => {
    for (let at = 0; at < 7; at++) {
      const { html } = await get(`${BASE}&judge=cy&at=${at}`);
      expect(html).not.toContain('bm25-secret-run');
      expect(html).not.toMatch(/class="(rank|score|sources)"/);
    }
    const { html } = await get(`${BASE}&judge=cy&query_id=q3&doc_id=release-3-2`);
    expect(shownPair(html)).toMatchObject({ queryId: 'q3', docId: 'release-3-2' });
    expect(html).toContain('how much storage does the team plan include');
    expect(html).toContain('Release notes 3.2.0');
    for (const grade of [0, 1, 2, 3]) expect(html).toContain(`data-grade="${grade}"`);
  });

  it("shows a long document's passage around the query's words, marked, and the whole of it folded", async () => {
    const { html } = await get(`${BASE}&judge=cy&query_id=q1&doc_id=long-guide`);
    expect(shownPair(html)).toMatchObject({ queryId: 'q1', docId: 'long-guide' });
    const passage = html.split('<p class="text judge-text">')[1]!.split('</p>')[0]!;
    // the window starts after the filler's start, so it begins with an ellipsis, and marks the query's words
    expect(passage.startsWith('… ')).toBe(true);
    expect(passage).toContain('<mark>reset</mark>');
    expect(passage).toContain('<mark>password</mark>');
    expect(passage.length).toBeLessThan(FILLER.length);
    expect(html).toContain(
      `The whole document (${FILLER.length + 'To reset a password, sign in as admin.'.length} characters)`,
    );
  });

  it('refuses a pool outside the served roots, naming the field', async () => {
    const { res, html } = await get('qrels=tiny/qrels/test.tsv&pool=results:../../etc/passwd&judge=cy');
    expect(res.status).toBe(400);
    expect(html).toMatch(/pool path [^<]* is outside the results root/);
    const bad = await get('qrels=tiny/qrels/test.tsv&pool=/etc/passwd&judge=cy');
    expect(bad.res.status).toBe(400);
    expect(bad.html).toContain('pool: pool must be results:PATH or corpora:PATH');
  });
  it("shows how the pool's judges agree once two of them graded the same pairs, kappa on the 0-3 scale", async () => {
    // Runs last: it adds judgements. ada and bob then share four pool pairs, graded (ada, bob):
    // install-linux (1, 1), api-upload (0, 0), release-3-2 (2, 3), install-mac (0, 1).
    const more: [string, string, string, number][] = [
      ['ada', 'q1', 'install-linux', 1],
      ['bob', 'q2', 'api-upload', 0],
      ['ada', 'q3', 'release-3-2', 2],
      ['bob', 'q3', 'release-3-2', 3],
      ['ada', 'q5', 'install-mac', 0],
      ['bob', 'q5', 'install-mac', 1],
    ];
    for (const [judge, queryId, docId, grade] of more)
      await addJudgement(qrelsFile, { queryId, docId, grade, judge, source: 'human' });
    const pairs: [number, number][] = [
      [1, 1],
      [0, 0],
      [2, 3],
      [0, 1],
    ];
    // Cohen's kappa over grades 0..3: p_o agreement, p_e from the two judges' grade shares.
    const share = (side: 0 | 1, g: number) => pairs.filter((p) => p[side] === g).length / pairs.length;
    const grades = [0, 1, 2, 3];
    const kappaWith = (w: (i: number, j: number) => number) => {
      const po = pairs.reduce((sum, [i, j]) => sum + w(i, j), 0) / pairs.length;
      const pe = grades.reduce(
        (sum, i) => sum + grades.reduce((s, j) => s + share(0, i) * share(1, j) * w(i, j), 0),
        0,
      );
      return (po - pe) / (1 - pe);
    };
    const kappa = kappaWith((i, j) => (i === j ? 1 : 0));
    const weighted = kappaWith((i, j) => 1 - Math.abs(i - j) / 3);
    const { html } = await get(`${BASE}&judge=ada`);
    const table = html.split('<table class="judge-agreement"')[1]!.split('</table>')[0]!;
    const row = table
      .split('<tbody>')[1]!
      .replace(/<[^>]+>/g, ' ')
      .trim()
      .split(/\s+/);
    expect(row).toEqual(['ada', '/', 'bob', '4', (2 / 4).toFixed(3), kappa.toFixed(3), weighted.toFixed(3)]);
  });
});
