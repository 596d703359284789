import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex } from '../../../src/indexing/build-index.js';
import { playgroundUrl } from '../../../src/web/playground/form.js';
import { TINY_BEIR, tmpDir } from '../../helpers/tmp.js';
import { browserGet, webFixture, type WebFixture } from '../helpers/web-fixture.js';

// Two indexes of the tiny corpus chunked differently: `tiny` (structure:40, the fixture's) and
// `tiny-doc` (one passage per document).
let fx: WebFixture;
beforeAll(async () => {
  const root = tmpDir('web-playground-columns-');
  await buildIndex({
    corpus: TINY_BEIR,
    out: path.join(root, 'data', 'tiny-doc.sqlite'),
    chunker: 'doc',
    embedder: 'hash:64',
  });
  fx = await webFixture(root);
});
afterAll(() => fx.catalog.close());

const page = async (query: string) => {
  const res = await browserGet(fx.app, `/?${query}`);
  return { res, html: await res.text() };
};
const all = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!);
/** The HTML of each result column, in order. */
const columns = (html: string) =>
  html
    .split('<section class="column"')
    .slice(1)
    .map((c) => c.split('</section>')[0]!);
const docIds = (column: string) => all(column, /<li class="hit[^"]*" data-doc-id="([^"]*)"/g);
const marks = (column: string) => all(column, /<span class="move move-\w+" role="img"[^>]*>([^<]*)<\/span>/g);
/**
 * The marks the formula gives for `list` against `base` (document ids, rank = position + 1): a
 * document at rank r that was at rank b moved up b - r, down r - b, stayed (=), or is new.
 */
const expectedMarks = (base: string[], list: string[]) =>
  list.map((doc, i) => {
    const b = base.indexOf(doc) + 1;
    const r = i + 1;
    return b === 0 ? 'new' : b === r ? '=' : b > r ? `↑${b - r}` : `↓${r - b}`;
  });

describe('the playground with the columns the user picks', () => {
  it('two columns over two indexes chunked differently: each names its index, marks compare by document', async () => {
    const { res, html } = await page('q=harbor+install+port&k=5&col=tiny:bm25&col=tiny-doc:bm25');
    expect(res.status).toBe(200);
    expect(all(html, /<section class="column" data-mode="(\w+)"/g)).toEqual(['bm25', 'bm25']);
    expect(all(html, /<section class="column" data-mode="\w+" data-index="([^"]+)"/g)).toEqual(['tiny', 'tiny-doc']);
    const [first, second] = columns(html);
    expect(first).toContain('<p class="column-index">index <code>tiny</code></p>');
    expect(second).toContain('<p class="column-index">index <code>tiny-doc</code></p>');
    // headings are distinct, and the status line names each column by its index
    expect(all(html, /aria-labelledby="(col-\d)"/g)).toEqual(['col-1', 'col-2']);
    expect(html).toMatch(/data-summary="BM25 on tiny: \d hits, BM25 on tiny-doc: \d hits"/);
    // tiny-doc's passages are whole documents: its hit ids are not tiny's
    expect(all(second!, /data-id="([^"]*)"/g).every((id) => !/#[1-9]/.test(id))).toBe(true);
    // the first column has no marks; the second one per hit, against the first by document
    expect(marks(first!)).toEqual([]);
    expect(marks(second!)).toEqual(expectedMarks(docIds(first!), docIds(second!)));
    expect(marks(second!)).toHaveLength(docIds(second!).length);
    expect(html).toContain('Compared by document');
    // the same marks in words, for a screen reader and on hover
    expect(second).toMatch(/role="img" title="(up|down|same|new)[^"]*column 1 \(BM25 on tiny\)[^"]*" aria-label="/);
    // the form keeps the columns as typed, two empty fields to add more
    expect(all(html, /<input name="col" type="text" value="([^"]*)"/g)).toEqual(['tiny:bm25', 'tiny-doc:bm25', '', '']);
  });

  it('one index, two retrievers at chunk level: marks compare passage ids', async () => {
    const { html } = await page('q=session+token+expired&k=5&col=tiny:bm25&col=tiny:hybrid');
    const [first, second] = columns(html);
    const ids = (c: string) => all(c, /<li class="hit[^"]*" data-doc-id="[^"]*" data-id="([^"]*)"/g);
    expect(ids(second!).length).toBeGreaterThan(0);
    expect(marks(second!)).toEqual(expectedMarks(ids(first!), ids(second!)));
    expect(html).toContain('Compared by passage id in column 2.');
    // a third column over the other chunking is matched by document: the hint says which is which
    const three = await page('q=session+token+expired&k=5&col=tiny:bm25&col=tiny:hybrid&col=tiny-doc:bm25');
    expect(three.html).toContain(
      'Compared by passage id in column 2; by document in column 3 (a passage from the first rank of its document).',
    );
  });

  it('a column sets knobs of its own over the form: hybrid by rrf beside hybrid by score', async () => {
    const { res, html } = await page(
      'q=harbor+port+windows&k=5&col=tiny:hybrid&col=tiny:hybrid:fusion%3Dscore%3Balpha%3D1&col=tiny:dense',
    );
    expect(res.status).toBe(200);
    const [rrf, score, dense] = columns(html);
    expect(rrf).toMatch(/<small> postings \+ dense, rrf<\/small>/);
    expect(score).toMatch(/<small> postings \+ dense, score<\/small>/);
    expect(score).toContain('index <code>tiny</code> · fusion=score, alpha=1');
    // all the weight on dense: the score column ranks as the dense column does
    expect(docIds(score!).slice(0, 3)).toEqual(docIds(dense!).slice(0, 3));
    // a bad knob value is a 400 naming the column
    const bad = await page('q=harbor&col=tiny:bm25&col=tiny:bm25:k%3D0');
    expect(bad.res.status).toBe(400);
    expect(bad.html).toMatch(
      /<p class="error" role="alert">column 2 &quot;tiny:bm25:k=0&quot;: k: k must be an integer/,
    );
  });

  it('one column, or five, is refused on the page with a clear message (400), with or without a query', async () => {
    const one = await page('q=harbor&col=tiny:bm25');
    expect(one.res.status).toBe(400);
    expect(one.html).toContain(
      '<p class="error" role="alert">col: pick 2 to 4 columns to compare (got 1); leave them all empty for BM25, dense and hybrid side by side</p>',
    );
    expect(one.html).not.toContain('class="column"');
    const five = await page(
      `q=harbor&${['bm25', 'dense', 'hybrid', 'tiny:bm25', 'tiny-doc:bm25'].map((c) => `col=${c}`).join('&')}`,
    );
    expect(five.res.status).toBe(400);
    expect(five.html).toContain('col: pick 2 to 4 columns to compare (got 5)');
    // all five stay in the form, to take one out
    expect(all(five.html, /<input name="col" type="text" value="([^"]+)"/g)).toHaveLength(5);
    expect((await page('col=tiny:bm25')).res.status).toBe(400);
    // an unknown index in a column is a 404, as for `index`
    const unknown = await page('q=harbor&col=tiny:bm25&col=nope:bm25');
    expect(unknown.res.status).toBe(404);
    expect(unknown.html).toContain('no index named &quot;nope&quot;');
  });

  it('the URL without columns (and a form sending four empty ones) is the classic three over the form index', async () => {
    for (const query of ['q=harbor+install&k=5', 'q=harbor+install&k=5&col=&col=&col=&col=']) {
      const { res, html } = await page(query);
      expect(res.status).toBe(200);
      expect(all(html, /<section class="column" data-mode="(\w+)"/g)).toEqual(['bm25', 'dense', 'hybrid']);
      expect(all(html, /<section class="column"[^>]*data-index="([^"]+)"/g)).toEqual(['tiny', 'tiny', 'tiny']);
      expect(html).not.toContain('class="column-index"');
      const [bm25, dense, hybrid] = columns(html);
      expect(marks(bm25!)).toEqual([]);
      expect(marks(dense!).length).toBe(docIds(dense!).length);
      expect(marks(hybrid!).length).toBe(docIds(hybrid!).length);
    }
  });

  it('links built by playgroundUrl (the reports use it) open the same view; with columns they keep them', async () => {
    const old = playgroundUrl({ qrels: 'tiny/qrels/test.tsv', qid: 'q2', index: 'tiny-doc', level: 'doc' });
    expect(old).toBe('/?index=tiny-doc&level=doc&qrels=tiny%2Fqrels%2Ftest.tsv&qid=q2');
    const html = await (await browserGet(fx.app, old)).text();
    expect(all(html, /<section class="column" data-mode="(\w+)"/g)).toEqual(['bm25', 'dense', 'hybrid']);
    expect(all(html, /<section class="column"[^>]*data-index="([^"]+)"/g)).toEqual([
      'tiny-doc',
      'tiny-doc',
      'tiny-doc',
    ]);
    expect(html).toMatch(/<dl class="scores" data-hit="1"/);

    const cols = playgroundUrl({ q: 'harbor', col: ['tiny:bm25', ' ', 'tiny-doc:dense'] });
    expect(cols).toBe('/?q=harbor&col=tiny%3Abm25&col=tiny-doc%3Adense');
    const picked = await (await browserGet(fx.app, cols)).text();
    expect(all(picked, /<section class="column"[^>]*data-index="([^"]+)"/g)).toEqual(['tiny', 'tiny-doc']);
  });

  it('hit text is plain: no Markdown heading markers, the query terms still marked', async () => {
    // install-linux is Markdown: "# Installing Harbor on Linux ... ## Requirements ..."
    const { html } = await page('q=harbor+requirements+memory&col=tiny:bm25&col=tiny-doc:bm25&level=doc');
    const texts = all(html, /<p class="text"[^>]*>([\s\S]*?)<\/p>/g).join('\n');
    expect(texts).toContain('<mark>Requirements</mark>');
    expect(texts).not.toMatch(/(^|\n)#+ /);
    expect(texts).not.toContain('## ');
    expect(texts).toMatch(/Installing <mark>Harbor<\/mark> on Linux\s+Download/);
  });
});
