import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addExpertQuery } from '../../../src/gold/index.js';
import { judgingOrder, poolSeed } from '../../../src/web/judge/judging-order.js';
import { tmpDir, TINY_BEIR } from '../../helpers/tmp.js';
import { browserGet, webFixture, type WebFixture } from '../helpers/web-fixture.js';

// The judging page's "Write a question": the expert's question searched with every leg over the
// index built from the gold set's corpus (the fixture's `tiny`), the union of their top 10 shown
// blind, in the order a pool of those documents would be judged in.

let fx: WebFixture;
beforeAll(async () => {
  fx = await webFixture(tmpDir('web-judge-question-'));
  // a gold set whose corpus no index is built from
  fs.cpSync(TINY_BEIR, path.join(fx.corporaRoot, 'unindexed'), { recursive: true });
});
afterAll(() => fx.catalog.close());

const QUESTION = 'how long does a login session last before the token expires';
const get = async (query: string) => {
  const res = await browserGet(fx.app, `/judge?${query}`);
  return { res, html: await res.text() };
};
const candidates = (html: string) =>
  [...html.matchAll(/<li class="candidate" data-doc-id="([^"]*)"/g)].map((m) => m[1]!);
/** What the search API answers for the question with one mode: the documents of its top 10. */
const apiTop10 = async (mode: string) => {
  const params = new URLSearchParams({ index: 'tiny', q: QUESTION, k: '10', level: 'doc' });
  const res = await fx.app.request(`/search/${mode}?${params}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { hits: { doc_id: string }[] };
  return body.hits.map((h) => h.doc_id);
};

describe('GET /judge: writing a question', () => {
  it('offers the question box once a gold set and a name are given, a pool or not', async () => {
    expect((await get('qrels=tiny/qrels/test.tsv')).html).not.toContain('id="write-question"');
    const { html } = await get('qrels=tiny/qrels/test.tsv&judge=ada');
    expect(html).toContain('id="write-question"');
    expect(html).toMatch(/<textarea id="ask-text" name="ask"/);
    expect(html).not.toContain('id="question-grades"');
  });

  it("shows the union of every leg's top 10, blind, in the seeded order of a pool of them", async () => {
    const union = [
      ...new Set([...(await apiTop10('bm25')), ...(await apiTop10('dense')), ...(await apiTop10('hybrid'))]),
    ];
    expect(union.length).toBeGreaterThan(1);
    const { html } = await get(`qrels=tiny/qrels/test.tsv&judge=ada&ask=${encodeURIComponent(QUESTION)}`);
    const shown = candidates(html);
    const pairs = [...union].sort().map((docId) => ({ queryId: QUESTION, docId }));
    expect(shown).toEqual(judgingOrder(pairs, poolSeed(pairs)).map((p) => p.docId));
    // every document can be graded 0-3 or left unjudged (checked by default); nothing says which leg found it
    const form = html.split('<form id="question-grades"')[1]!.split('</form>')[0]!;
    expect(form.match(/type="radio"/g)).toHaveLength(5 * shown.length);
    expect(form.match(/value="" checked/g)).toHaveLength(shown.length);
    expect(form).not.toMatch(/bm25|dense|hybrid|class="(rank|score|sources)"/);
    expect(form).toContain(`data-text="${QUESTION}"`);
  });

  it("searches only an index of the gold set's own corpus", async () => {
    const { html } = await get(`qrels=unindexed/qrels/test.tsv&judge=ada&ask=${encodeURIComponent(QUESTION)}`);
    expect(html).toContain('no index is built from this gold set&#39;s corpus');
    expect(candidates(html)).toEqual([]);
  });

  it('confirms a question just created, as the gold set now holds it', async () => {
    const qrelsFile = path.join(fx.corporaRoot, 'tiny', 'qrels', 'test.tsv');
    const { query } = await addExpertQuery(qrelsFile, {
      text: 'Which plan has the most storage?',
      judge: 'ada',
      judgements: [
        { docId: 'plans', grade: 3 },
        { docId: 'install-mac', grade: 0 },
      ],
    });
    const { html } = await get(`qrels=tiny/qrels/test.tsv&judge=ada&created=${query.id}`);
    expect(html).toContain(
      `Created question <code>${query.id}</code> (Which plan has the most storage?) with 2 judged documents.`,
    );
    // an id the gold set does not hold confirms nothing
    expect((await get('qrels=tiny/qrels/test.tsv&judge=ada&created=exp-000000000000')).html).not.toContain(
      'Created question',
    );
  });
});
