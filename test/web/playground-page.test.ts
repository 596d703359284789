import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { createApp } from '../../src/http/app.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { browserGet, webFixture, type WebFixture } from './helpers/web-fixture.js';

let fx: WebFixture;
beforeAll(async () => {
  fx = await webFixture(tmpDir('web-playground-'));
});
afterAll(() => fx.catalog.close());

const page = async (query: string) => {
  const res = await browserGet(fx.app, `/?${query}`);
  return { res, html: await res.text() };
};
const all = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!);
/** The HTML of one result column. */
const column = (html: string, mode: string) =>
  html.split(`<section class="column" data-mode="${mode}"`)[1]?.split('</section>')[0] ?? '';
const hitIds = (html: string, mode: string) =>
  all(column(html, mode), /<li class="hit[^"]*" data-doc-id="[^"]*" data-id="([^"]*)"/g);

describe('GET / (the playground)', () => {
  it('serves the empty form: indexes and gold sets to pick, the query box focused, no inline script', async () => {
    const { res, html } = await page('');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toMatch(/<input id="q" name="q" type="search"[^>]*autofocus/);
    expect(html).toContain('<option value="tiny" selected="">tiny</option>');
    expect(html).toContain('<option value="tiny/qrels/test.tsv">tiny/qrels/test.tsv</option>');
    expect(html).toContain('<script src="/assets/app.js" defer=""></script>');
    expect(html).not.toMatch(/<script>|<style>| style="/);
    expect(html).not.toContain('class="column"');
  });

  it('shows BM25, dense and hybrid side by side: rank, score, title, chunk with marked terms, sources, timing', async () => {
    const { res, html } = await page('q=error+E1042+session+token&k=3');
    expect(res.status).toBe(200);
    expect(all(html, /<section class="column" data-mode="(\w+)"/g)).toEqual(['bm25', 'dense', 'hybrid']);
    for (const mode of ['bm25', 'dense', 'hybrid']) {
      const ids = hitIds(html, mode);
      expect(ids.length, mode).toBeGreaterThan(0);
      expect(ids.length, mode).toBeLessThanOrEqual(3);
      expect(column(html, mode)).toMatch(/<footer class="timing"[^>]*><strong>[\d.]+ ms<\/strong>/);
    }
    const bm25 = column(html, 'bm25');
    expect(hitIds(html, 'bm25')[0]).toMatch(/^error-e1042#/);
    expect(bm25).toContain('<span class="rank" title="rank">#1</span>');
    expect(bm25).toMatch(
      /<h3 class="title"(?: lang="en")?><mark>Error<\/mark> <mark>E1042<\/mark>: <mark>session<\/mark> <mark>token<\/mark> expired<\/h3>/,
    );
    expect(column(html, 'hybrid')).toMatch(/<div class="sources"[^>]*>from bm25 #\d+ \([\d.]+\) · dense #\d+/);
    expect(bm25).not.toContain('class="sources"');
    expect(column(html, 'hybrid')).toMatch(/ · fuse [\d.]+/);
  });

  it('escapes the query everywhere it appears', async () => {
    const q = '"><script>alert(1)</script> <img src=x onerror=alert(2)> token';
    const { html } = await page(`q=${encodeURIComponent(q)}`);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('fusion parameters reach the hybrid list', async () => {
    const bm25Only = hitIds((await page('q=harbor+port+windows&k=5&weights=1,0')).html, 'hybrid');
    const denseOnly = await page('q=harbor+port+windows&k=5&weights=0,1');
    expect(hitIds(denseOnly.html, 'hybrid')).not.toEqual(bm25Only);
    expect(hitIds(denseOnly.html, 'hybrid')[0]).toBe(hitIds(denseOnly.html, 'dense')[0]);
    // score fusion with all the weight on dense ranks like dense
    const score = await page('q=harbor+port+windows&k=5&fusion=score&alpha=1');
    expect(hitIds(score.html, 'hybrid').slice(0, 3)).toEqual(hitIds(score.html, 'dense').slice(0, 3));
    expect(score.html).toContain('data-fusion="score"');
    // the form keeps what was typed
    expect(score.html).toMatch(/<input name="alpha" type="number" value="1"/);
  });

  it('level=doc lists each document once; engine=wink searches with the other BM25', async () => {
    const doc = await page('q=harbor+install&k=10&level=doc');
    const ids = hitIds(doc.html, 'bm25');
    expect(ids.every((id) => !id.includes('#'))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const wink = await page('q=harbor+install&engine=wink');
    expect(wink.res.status).toBe(200);
    expect(column(wink.html, 'bm25')).toContain('<small> wink</small>');
    // wink stems: "install" marks "Installing"
    expect(column(wink.html, 'bm25')).toContain('<mark>Installing</mark>');
  });

  it('a bad parameter answers 400 and names it; an unknown index 404', async () => {
    const bad = await page('q=x&k=0');
    expect(bad.res.status).toBe(400);
    expect(bad.html).toMatch(/<p class="error" role="alert">k: k must be an integer from 1 to 1000/);
    expect((await page('q=x&fusion=borda')).html).toMatch(/fusion must be one of/);
    const unknown = await page('q=x&index=nope');
    expect(unknown.res.status).toBe(404);
    expect(unknown.html).toContain('no index named &quot;nope&quot;');
  });

  it('with a gold set and a query id: searches its text, marks judged hits with their grade, scores each list', async () => {
    const { html } = await page('qrels=tiny%2Fqrels%2Ftest.tsv&qid=q2');
    expect(html).toMatch(/<input id="q" name="q" type="search" value="E1042"/);
    expect(html).toMatch(/Query <code>q2<\/code> “E1042”: 1 relevant: <code>error-e1042<\/code> \(2\)/);
    const bm25 = column(html, 'bm25');
    expect(bm25).toMatch(/<li class="hit relevant" data-doc-id="error-e1042" data-id="error-e1042#\d" data-grade="2">/);
    expect(bm25).toContain('relevant · grade 2');
    expect(bm25).toMatch(/<dl class="scores" data-hit="1" data-recall="1" data-mrr="1">/);
    expect(bm25).toContain('<dt>MRR@10</dt>');
    // every hit offers a judgement for this query and gold set
    expect(bm25).toMatch(
      /<form class="mark-form" data-qrels="tiny\/qrels\/test.tsv" data-qid="q2" data-doc-id="[^"]+">/,
    );
    expect(html).toContain('<option value="q4" label="what port does harbor need"></option>');
  });

  it('a judgement added with POST /gold shows on the next search', async () => {
    const before = column((await page('qrels=tiny%2Fqrels%2Ftest.tsv&qid=q5&level=doc')).html, 'bm25');
    expect(before).not.toContain('class="hit relevant"');
    expect(before).toMatch(/data-hit="0"/);
    const res = await fx.app.request('/gold', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        qrels: 'tiny/qrels/test.tsv',
        query_id: 'q5',
        doc_id: 'install-linux',
        grade: 3,
        note: 'runs on linux only',
      }),
    });
    expect(res.status).toBe(201);
    const after = column((await page('qrels=tiny%2Fqrels%2Ftest.tsv&qid=q5&level=doc')).html, 'bm25');
    expect(after).toMatch(
      /<li class="hit relevant" data-doc-id="install-linux" data-id="install-linux" data-grade="3">/,
    );
    expect(after).toMatch(/data-hit="1"/);
  });

  it('a grade from the additions has an undo beside it; the DELETE /gold it names takes the mark back', async () => {
    const url = 'qrels=tiny%2Fqrels%2Ftest.tsv&qid=q5&level=doc';
    const added = await fx.app.request('/gold', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ qrels: 'tiny/qrels/test.tsv', query_id: 'q5', doc_id: 'install-mac', grade: 2 }),
    });
    expect(added.status).toBe(201);
    const hit = (html: string) =>
      column(html, 'bm25')
        .split('<li ')
        .find((li) => li.includes('data-doc-id="install-mac"')) ?? '';
    const marked = hit((await page(url)).html);
    expect(marked).toContain('data-grade="2"');
    // in the hit's head, right after its grade, naming the pair it takes back
    expect(marked).toMatch(
      /<span class="grade grade-2">relevant · grade 2<\/span><button type="button" class="undo-mark" data-qrels="tiny\/qrels\/test.tsv" data-qid="q5" data-doc-id="install-mac" title="[^"]+">undo<\/button><\/div>/,
    );
    // a grade from the published qrels has none: only additions can be taken back
    const published = column((await page('qrels=tiny%2Fqrels%2Ftest.tsv&qid=q2&level=doc')).html, 'bm25');
    expect(published).toContain('relevant · grade 2');
    expect(published).not.toContain('undo-mark');

    // what the script sends on a click: DELETE /gold with the button's pair
    const [, qrels, qid, docId] =
      /class="undo-mark" data-qrels="([^"]+)" data-qid="([^"]+)" data-doc-id="([^"]+)"/.exec(marked)!;
    const undo = await fx.app.request(
      `/gold?${new URLSearchParams({ qrels: qrels!, query_id: qid!, doc_id: docId! })}`,
      { method: 'DELETE' },
    );
    expect(undo.status).toBe(200);
    expect(await undo.json()).toMatchObject({ removed: [{ query_id: 'q5', doc_id: 'install-mac', grade: 2 }] });
    const after = hit((await page(url)).html);
    expect(after).toContain('data-doc-id="install-mac"');
    expect(after).not.toContain('data-grade=');
    expect(after).not.toContain('undo-mark');
  });

  it('a qrels path outside the corpora root is refused on the page, the search still runs', async () => {
    const { res, html } = await page('q=harbor&qrels=..%2F..%2Fetc%2Fpasswd&qid=q1');
    expect(res.status).toBe(200);
    expect(html).toMatch(/Gold set: qrels (path|file) .* (outside|not found)/);
    expect(html).not.toContain('class="mark-form"');
    expect(hitIds(html, 'bm25').length).toBeGreaterThan(0);
  });

  it('serves its stylesheet and script; anything else under /assets is a 404', async () => {
    const js = await fx.app.request('/assets/app.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    const script = await js.text();
    expect(script).toMatch(/fetch\(["']\/gold["']/);
    expect(script).toMatch(/method: "DELETE"/); // the undo

    const css = await fx.app.request('/assets/app.css');
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await css.text()).toContain('.columns');
    expect((await fx.app.request('/assets/..%2Fapp.ts')).status).toBe(404);
    expect((await fx.app.request('/assets/secret.js')).status).toBe(404);
  });
});

describe('the playground on other servers', () => {
  const root = tmpDir('web-playground-lexical-');
  let catalog: IndexCatalog;
  beforeAll(async () => {
    await buildIndex({ corpus: TINY_BEIR, out: path.join(root, 'data', 'lexical.sqlite'), embedder: 'none' });
    catalog = new IndexCatalog(path.join(root, 'data'));
  });
  afterAll(() => catalog.close());

  it('an index without embeddings: the dense and hybrid columns say why they are empty, BM25 still answers', async () => {
    const app = createApp({ catalog, corporaRoot: root });
    const html = await (await browserGet(app, '/?q=harbor')).text();
    expect(hitIds(html, 'bm25').length).toBeGreaterThan(0);
    expect(column(html, 'dense')).toContain('built without embeddings');
    expect(column(html, 'hybrid')).toContain('built without embeddings');
  });

  it('with --protect-search the page runs no search (a page load cannot carry the token) and asks for the token', async () => {
    const app = createApp({ catalog, corporaRoot: root, token: 'secret', protectSearch: true });
    const html = await (await browserGet(app, '/?q=harbor')).text();
    expect(html).toContain('--protect-search');
    expect(html).not.toContain('class="column"');
    expect(html).toContain('<input id="token" type="password"');
    expect((await app.request('/search/bm25?index=lexical&q=harbor')).status).toBe(401);
  });
});
