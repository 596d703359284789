import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExperimentReport } from '../../src/reports/report-model.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { twoReports } from '../reports/diff/two-reports.js';
import { browserGet, webFixture, type WebFixture } from './helpers/web-fixture.js';

/**
 * The per-query page, the diff page and the per-query.csv download over HTTP, on the two
 * worked-example reports (test/reports/diff/two-reports.ts) saved under the results root as
 * `before` and `after`.
 */
let fx: WebFixture;
beforeAll(async () => {
  fx = await webFixture(tmpDir('web-report-diff-'));
  const { a, b } = twoReports();
  const save = (folder: string, r: ExperimentReport, createdAt: string) => {
    fs.mkdirSync(path.join(fx.resultsRoot, folder), { recursive: true });
    fs.writeFileSync(path.join(fx.resultsRoot, folder, 'report.json'), JSON.stringify({ ...r, createdAt }));
  };
  // Saved before reports recorded query texts: the pages read them from its queries file, inside
  // the corpora root only (tiny-beir's q1..q4, copied there by webFixture).
  a.sliceFields = ['type'];
  a.config.queries = path.join(fx.corporaRoot, 'tiny', 'queries.jsonl');
  save('before', a, '2026-01-01T00:00:00.000Z');
  save(
    'outside',
    { ...a, config: { ...a.config, queries: path.join(TINY_BEIR, 'queries.jsonl') } },
    '2025-12-31T00:00:00.000Z',
  );
  save('after', b, '2026-01-02T00:00:00.000Z');
});
afterAll(() => fx.catalog.close());

const page = async (url: string) => {
  const res = await browserGet(fx.app, url);
  return { status: res.status, body: await res.text() };
};
/** The cells of the table row whose data-query-id (or data-config) is `id`, tags stripped. */
const cells = (body: string, attr: string, id: string) => {
  const row = body.split(new RegExp(`<tr[^>]* ${attr}="${id}"`))[1]!.split('</tr>')[0]!;
  return [...row.matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/gs)].map((m) => m[1]!.replace(/<[^>]+>/g, '').trim());
};
// A row's differences from the baseline, configuration -> printed difference (the <small> under each value).
const deltas = (body: string, qid: string) => {
  const row = body.split(`data-query-id="${qid}"`)[1]!.split('</tr>')[0]!;
  return Object.fromEntries([...row.matchAll(/data-delta="([^"]+)"[^>]*>([^<]*)</g)].map((m) => [m[1]!, m[2]!]));
};

describe('GET /experiments/:id/queries', () => {
  it("shows every query with text, slices, values and deltas against the report's baseline, counts on top", async () => {
    const { status, body } = await page('/experiments/after/queries');
    expect(status).toBe(200);
    expect(body).toContain('data-metric="ndcg@10" data-baseline="bm25"');
    // after: bm25 0.7 0.30004 0.5 0.6; hybrid 1 1 0.9 0.90006; splade 0.2 everywhere
    expect(cells(body, 'data-config', 'hybrid')).toEqual(['hybrid', '4', '0', '0']);
    expect(cells(body, 'data-config', 'splade')).toEqual(['splade', '0', '4', '0']);
    expect(cells(body, 'data-query-id', 'q4')).toEqual([
      'q4',
      'harbor port',
      'identifier, conceptual',
      '0.6000',
      // each configuration's value, its difference from bm25 under it: 0.90006 - 0.6, 0.2 - 0.6
      '0.9001+0.3001',
      '0.2000-0.4000',
    ]);
    expect(deltas(body, 'q4')).toEqual({ hybrid: '+0.3001', splade: '-0.4000' });
    expect(body).toContain('id="q-q4"');
  });

  it('another baseline and metric from the form; a difference that prints as zero reads tie', async () => {
    const { body } = await page('/experiments/before/queries?metric=ndcg%4010&baseline=hybrid');
    // before: bm25 0.5 0.3 0.8 0.6; dense 0.1; hybrid 0.9 on every query
    expect(cells(body, 'data-config', 'bm25')).toEqual(['bm25', '0', '4', '0']);
    const mrr = await page('/experiments/after/queries?metric=mrr%4010&baseline=hybrid');
    // after, mrr@10: bm25 1 0.5 0.5 0.40012 against hybrid 1 0.5 0.5 0.4 -> q4 +0.00012 prints +0.0001
    expect(cells(mrr.body, 'data-config', 'bm25')).toEqual(['bm25', '1', '0', '3']);
    expect(deltas(mrr.body, 'q1')).toEqual({ bm25: 'tie', splade: 'tie' });
  });

  it('a report saved before query texts has them read from its queries file, only inside the corpora root', async () => {
    const { body } = await page('/experiments/before/queries');
    expect(cells(body, 'data-query-id', 'q4').slice(0, 3)).toEqual(['q4', 'what port does harbor need', 'conceptual']);
    const outside = await page('/experiments/outside/queries');
    expect(cells(outside.body, 'data-query-id', 'q4').slice(0, 3)).toEqual(['q4', '', '']);
  });

  it('sorts on the server by the column heading clicked', async () => {
    const order = (body: string) => [...body.matchAll(/<tr id="q-([^"]+)"/g)].map((m) => m[1]);
    const asc = await page('/experiments/before/queries?sort=value%3Abm25&dir=asc');
    expect(order(asc.body)).toEqual(['q2', 'q1', 'q4', 'q3']);
    const desc = await page('/experiments/before/queries?sort=value%3Abm25&dir=desc');
    expect(order(desc.body)).toEqual(['q3', 'q4', 'q1', 'q2']);
    // the sorted heading links to the other direction
    expect(desc.body).toContain(
      'href="/experiments/before/queries?metric=ndcg%4010&amp;baseline=bm25&amp;sort=value%3Abm25&amp;dir=asc"',
    );
  });

  it('a bad parameter is said on the page (400); an unknown report is a 404 page', async () => {
    const bad = await page('/experiments/before/queries?metric=recall%405');
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('metric &quot;recall@5&quot; is not one this report scored');
    expect((await page('/experiments/before/queries?sort=nope')).status).toBe(400);
    expect((await page('/experiments/nope/queries')).status).toBe(404);
  });
});

describe('GET /experiments/diff', () => {
  it('renders the diff: configurations in one report only, mean deltas with ties, counts, moved queries', async () => {
    const { status, body } = await page('/experiments/diff?a=before&b=after');
    expect(status).toBe(200);
    expect(body).toContain('<h1>Diff: after against before</h1>');
    expect(body).toMatch(/id="only-in-a">Only in A: <code>dense<\/code>/);
    expect(body).toMatch(/id="only-in-b">Only in B: <code>splade<\/code>/);
    expect(body).toContain('<p id="query-counts">Queries scored: 4 in A, 4 in B, 4 in both.</p>');
    expect(cells(body, 'data-config', 'bm25')).toEqual(['bm25', '-0.0250', 'tie']);
    expect(cells(body, 'data-config', 'hybrid')).toEqual(['hybrid', '+0.0500', 'tie']);
    expect(body).toContain('<code>bm25</code>: 1 better, 1 worse, 2 tied');
    expect(cells(body, 'data-query-id', 'q3')).toEqual(['q3', 'storage, per plan', '0.8000', '0.5000', '-0.3000']);
    // each moved value links to the query's row on that report's per-query page
    expect(body).toContain('href="/experiments/before/queries?metric=ndcg%4010#q-q3"');
    expect(body).toContain('href="/experiments/after/queries?metric=ndcg%4010#q-q3"');
  });

  it('--top and --metric as top= and metric=', async () => {
    const { body } = await page('/experiments/diff?a=before&b=after&metric=mrr%4010&top=1');
    expect(body).toContain('<h2>Queries that moved, on mrr@10</h2>');
    expect(body).toContain('<code>bm25</code>: 1 better, 0 worse, 3 tied');
    expect(body.match(/<tr[^>]* data-query-id=/g)).toHaveLength(1);
  });

  it('without two reports it is the picker; a missing report is a 404, a bad metric a 400', async () => {
    const form = await page('/experiments/diff');
    expect(form.status).toBe(200);
    expect(form.body).toContain('<form method="get" action="/experiments/diff"');
    expect(form.body).toContain('<option value="before">before (2026-01-01T00:00:00.000Z)</option>');
    expect((await page('/experiments/diff?a=before')).status).toBe(400);
    const missing = await page('/experiments/diff?a=before&b=nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('No finished report named &quot;nope&quot;');
    expect((await page('/experiments/diff?a=before&b=after&metric=recall%405')).status).toBe(400);
    expect((await page('/experiments/diff?a=before&b=after&top=0')).status).toBe(400);
  });

  it('the experiments list offers the two reports to compare', async () => {
    const { body } = await page('/experiments');
    const compare = body.split('<h2 id="compare-h">Compare two reports</h2>')[1]!;
    expect(compare).toContain('<select name="a" required="">');
    expect(compare).toContain('<option value="after">after (2026-01-02T00:00:00.000Z)</option>');
    expect(compare).toContain('<option value="before">before (2026-01-01T00:00:00.000Z)</option>');
  });
});

describe('GET /experiments/:id/download/per-query.csv', () => {
  it("one row per configuration and query: id, text, the query's slices, each metric at full precision", async () => {
    const res = await fx.app.request('/experiments/after/download/per-query.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="after-per-query.csv"');
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toBe('config,query,text,type,ndcg@10,mrr@10');
    expect(lines).toHaveLength(1 + 3 * 4);
    expect(lines).toContain('bm25,q2,E1042,identifier,0.30004,0.5');
    // a comma in the text is quoted; a query in two slices of a field lists both
    expect(lines).toContain('bm25,q3,"storage, per plan",comparison,0.5,0.5');
    expect(lines).toContain('hybrid,q4,harbor port,identifier;conceptual,0.90006,0.4');
  });

  it('a report saved before queryDetails has the columns, empty (a download is the report as saved)', async () => {
    const res = await fx.app.request('/experiments/before/download/per-query.csv');
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toBe('config,query,text,type,ndcg@10,mrr@10');
    expect(lines).toContain('dense,q1,,,0.1,1');
  });
});
