import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addJudgement } from '../../../src/gold/additions.js';
import { judgingOrder, poolSeed } from '../../../src/web/judge/judging-order.js';
import { tmpDir } from '../../helpers/tmp.js';
import { webFixture, type WebFixture } from '../helpers/web-fixture.js';
import { judgePageReader } from './judge-page-reader.js';

// A saved experiment (report.json and its run files) with two configurations, judged directly.
// The tiny fixture's qrels judge q1 faq-reset, q2 error-e1042 and q3 plans among the documents
// below. Each run in trec_eval order (score descending):
//   lex-secret:   q1 faq-reset, plans, install-mac   q2 api-upload, error-e1042
//   dense-secret: q1 plans, release-3-2              q3 plans, install-linux
// Depth 2: q1 {faq-reset, plans, release-3-2}, q2 {api-upload, error-e1042}, q3 {plans, install-linux}
// = 7 pairs, 3 of them judged in the published qrels, so 4 holes. Depth 3 adds q1 install-mac.
const RUNS: Record<string, [string, string, number][]> = {
  'lex-secret': [
    ['q1', 'faq-reset', 9],
    ['q1', 'plans', 8],
    ['q1', 'install-mac', 7],
    ['q2', 'api-upload', 5],
    ['q2', 'error-e1042', 4],
  ],
  'dense-secret': [
    ['q1', 'plans', 0.9],
    ['q1', 'release-3-2', 0.8],
    ['q3', 'plans', 0.7],
    ['q3', 'install-linux', 0.6],
  ],
};
const DEPTH_2 = [
  ['q1', 'faq-reset'],
  ['q1', 'plans'],
  ['q1', 'release-3-2'],
  ['q2', 'api-upload'],
  ['q2', 'error-e1042'],
  ['q3', 'install-linux'],
  ['q3', 'plans'],
].map(([queryId, docId]) => ({ queryId: queryId!, docId: docId! }));
const HOLES_2 = DEPTH_2.filter(
  (p) => !['q1 faq-reset', 'q2 error-e1042', 'q3 plans'].includes(`${p.queryId} ${p.docId}`),
);

let fx: WebFixture;
let runFile: string;
beforeAll(async () => {
  fx = await webFixture(tmpDir('web-judge-experiment-'));
  const out = path.join(fx.resultsRoot, 'exp1');
  fs.mkdirSync(path.join(out, 'runs'), { recursive: true });
  const report = {
    name: 'exp1',
    createdAt: '2026-12-01T00:00:00.000Z',
    config: { corpus: path.join(fx.corporaRoot, 'tiny'), level: 'doc' },
    level: 'doc',
    metrics: ['ndcg@10'],
    curveKs: [10],
    configs: Object.keys(RUNS).map((name) => ({ name })),
  };
  fs.writeFileSync(path.join(out, 'report.json'), JSON.stringify(report));
  for (const [name, rows] of Object.entries(RUNS)) {
    const lines = rows.map(([qid, doc, score], i) => `${qid} Q0 ${doc} ${i + 1} ${score} ${name}`);
    fs.writeFileSync(path.join(out, 'runs', `${name}.trec`), lines.join('\n') + '\n');
  }
  runFile = path.join(out, 'runs', 'dense-secret.trec');
  const qrelsFile = path.join(fx.corporaRoot, 'tiny', 'qrels', 'test.tsv');
  // bob judged a hole (ada still sees it, for agreement); ada judged another herself
  await addJudgement(qrelsFile, { queryId: 'q1', docId: 'plans', grade: 1, judge: 'bob', source: 'human' });
  await addJudgement(qrelsFile, { queryId: 'q3', docId: 'install-linux', grade: 0, judge: 'ada', source: 'human' });
});
afterAll(() => fx.catalog.close());

const { get, walk } = judgePageReader(() => fx);

describe("GET /judge over an experiment's configurations", () => {
  it('offers every saved experiment with run files as a pool', async () => {
    const { html } = await get('');
    expect(html).toContain('<option value="experiment:exp1">exp1 (2 configurations)</option>');
  });

  it("pools the configurations' top D, takes the experiment's gold set, and skips what the published qrels judge", async () => {
    const { html } = await get('pool=experiment:exp1&depth=2&judge=ada');
    // the gold set the experiment was scored against is chosen for the judge
    expect(html).toContain('<option value="tiny/qrels/test.tsv" selected="">');
    // 7 pairs, 3 published; ada judged install-linux, so 4 - 1 = 3 left (bob's plans among them)
    expect(html).toMatch(
      /Judged <strong>4<\/strong> \/ 7 pool pairs \(3 judged before,\s*1 by you as ada\); <strong>3<\/strong> left/,
    );
    const seen = await walk('pool=experiment:exp1&depth=2&judge=ada', 3);
    // the pool's seeded order over its holes, ada's own left out
    expect(seen).toEqual(
      judgingOrder(HOLES_2, poolSeed(DEPTH_2)).filter((p) => !(p.queryId === 'q3' && p.docId === 'install-linux')),
    );
  });

  it('is blind: no configuration name reaches the page', async () => {
    for (let at = 0; at < 3; at++) {
      const { html } = await get(`pool=experiment:exp1&depth=2&judge=cy&at=${at}`);
      expect(html).not.toContain('secret');
    }
  });

  it('defaults to depth 10, refuses a depth out of range, and follows a run file that changed', async () => {
    // depth 10 takes every document of both runs: 8 pairs, 3 published
    expect((await get('pool=experiment:exp1&judge=cy')).html).toMatch(/\/ 8 pool pairs \(3 judged before/);
    const bad = await get('pool=experiment:exp1&depth=0&judge=cy');
    expect(bad.res.status).toBe(400);
    expect(bad.html).toContain('depth: must be from 1 to 100, got 0');
    fs.appendFileSync(runFile, 'q4 Q0 plans 1 0.5 dense-secret\n');
    expect((await get('pool=experiment:exp1&depth=2&judge=cy')).html).toMatch(/\/ 8 pool pairs \(3 judged before/);
  });

  it('says so when no saved experiment has that name', async () => {
    const { res, html } = await get('qrels=tiny/qrels/test.tsv&pool=experiment:nope&judge=cy');
    expect(res.status).toBe(404);
    expect(html).toContain('no saved experiment report named &quot;nope&quot;');
  });
});
