import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { launchChromium, screenshot } from './helpers/browser.js';
import { browserSuite } from './helpers/browser-suite.js';
import { writeJudgingPool } from './helpers/judging-pool.js';
import { writeQuestionJourney } from './helpers/write-question-journey.js';
import { timeBudget } from '../helpers/time-budget.js';

// The pages in a real browser (Debian's chromium through playwright-core) against the real app
// on 127.0.0.1: what a person does, checked by what they would see.

const suite = browserSuite(launchChromium);
const theBrowser = () => suite.browser();

async function openPage(path: string, viewport = { width: 1440, height: 900 }, deviceScaleFactor = 1): Promise<Page> {
  const page = await theBrowser().newPage({ viewport, deviceScaleFactor });
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(err.message));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  (page as Page & { problems?: string[] }).problems = problems;
  await page.goto(suite.server().url + path);
  return page;
}

/** Script errors and CSP violations end up on the console: a page that logs one is broken. */
const problemsOf = (page: Page) => (page as Page & { problems?: string[] }).problems ?? [];

// (Callbacks run in the page; they use only Element methods, since this project's TypeScript has no DOM lib.)
const columnIds = (page: Page, mode: string) =>
  page.locator(`.column[data-mode="${mode}"] .hit`).evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));

describe('playground', () => {
  it('has the query box focused; Enter shows BM25, dense and hybrid side by side', async () => {
    const page = await openPage('/');
    expect(await page.locator('#q').evaluate((el) => el.ownerDocument.activeElement === el)).toBe(true);
    await page.keyboard.type('error E1042 session token');
    await page.keyboard.press('Enter');
    await page.locator('.column[data-mode="hybrid"] .hit').first().waitFor();

    const columns = page.locator('.column');
    expect(await columns.evaluateAll((els) => els.map((e) => e.getAttribute('data-mode')))).toEqual([
      'bm25',
      'dense',
      'hybrid',
    ]);
    // side by side on a laptop screen: three columns on one row
    const boxes = await columns.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
    expect(new Set(boxes.map(Math.round)).size).toBe(1);
    // the first BM25 hit is the error page, with the query's words marked in its title
    const top = page.locator('.column[data-mode="bm25"] .hit').first();
    expect(await top.getAttribute('data-doc-id')).toBe('error-e1042');
    expect(await top.locator('.title mark').allTextContents()).toEqual(
      expect.arrayContaining(['E1042', 'session', 'token']),
    );
    // hybrid hits say where they ranked in each source list; every column says how long it took
    expect(await page.locator('.column[data-mode="hybrid"] .hit .sources').first().textContent()).toMatch(
      /bm25 #\d+ .* dense/,
    );
    expect(await page.locator('.column .timing').allTextContents()).toHaveLength(3);
    // the search is in the address bar, so it can be shared and reloaded
    expect(new URL(page.url()).searchParams.get('q')).toBe('error E1042 session token');
    expect(problemsOf(page)).toEqual([]);
    await screenshot(page, 'playground');
    await page.close();
  });

  it('re-ranks the hybrid list when a fusion parameter changes', async () => {
    const page = await openPage('/?q=harbor+port+windows&k=5');
    const before = await columnIds(page, 'hybrid');
    const dense = await columnIds(page, 'dense');
    expect(before.length).toBeGreaterThan(0);
    // all the weight on the dense leg: the fused list follows the dense list
    await page.fill('input[name="weights"]', '0,1');
    await page.locator('input[name="weights"]').press('Tab');
    await expect.poll(async () => (await columnIds(page, 'hybrid'))[0]).not.toBe(before[0]);
    const after = await columnIds(page, 'hybrid');
    expect(after).not.toEqual(before);
    expect(after[0]).toBe(dense[0]);
    expect(new URL(page.url()).searchParams.get('weights')).toBe('0,1');
    // switching to score fusion shows alpha and hides the RRF fields
    await page.selectOption('select[name="fusion"]', 'score');
    await expect.poll(() => page.locator('input[name="alpha"]').isVisible()).toBe(true);
    expect(await page.locator('input[name="rrf_k"]').isVisible()).toBe(false);
    await page.locator('.column[data-mode="hybrid"] h2 small', { hasText: 'score' }).waitFor();
    expect(problemsOf(page)).toEqual([]);
    await page.close();
  });

  it('on a multilingual index: picks a document language, and marks Chinese words the query shares a bigram with', async () => {
    const page = await openPage('/?index=tiny-multilingual');
    // the index's languages are offered with their document counts
    expect(await page.locator('select[name="lang"] option').allTextContents()).toEqual([
      'any language',
      'de (1)',
      'en (1)',
      'zh (1)',
    ]);
    await page.selectOption('select[name="lang"]', 'zh');
    await page.fill('#q', '密码');
    await page.keyboard.press('Enter');
    const hit = page.locator('.column[data-mode="bm25"] .hit').first();
    await hit.waitFor();
    expect(
      await page
        .locator('.column[data-mode="bm25"] .hit')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-doc-id'))),
    ).toEqual(['zh-reset']);
    expect(await hit.locator('.text mark').allTextContents()).toEqual(['密码', '密码']);
    expect(new URL(page.url()).searchParams.get('lang')).toBe('zh');
    expect(problemsOf(page)).toEqual([]);
    await page.close();
  });

  it('stacks the columns at 200% zoom', async () => {
    // a 1366-pixel laptop screen at 200%: 683 CSS pixels wide
    const page = await openPage('/?q=install', { width: 683, height: 450 }, 2);
    const boxes = await page
      .locator('.column')
      .evaluateAll((els) =>
        els.map((e) => e.getBoundingClientRect()).map((r) => ({ left: r.left, top: r.top, right: r.right })),
      );
    expect(boxes).toHaveLength(3);
    expect(new Set(boxes.map((b) => Math.round(b.left))).size).toBe(1);
    expect(boxes[1]!.top).toBeGreaterThan(boxes[0]!.top);
    expect(boxes[2]!.top).toBeGreaterThan(boxes[1]!.top);
    // nothing wider than the window: no sideways scrolling
    expect(await page.locator('html').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await screenshot(page, 'playground-200pct');
    await page.close();
  });

  // Issue 43: at 1280x900 the results started ~600 px down, under the whole form.
  it('shows the first hit of every column in the first screen of a 1280x900 window', async () => {
    const page = await openPage('/?q=error+E1042+session+token', { width: 1280, height: 900 });
    await page.locator('.column[data-mode="hybrid"] .hit').first().waitFor();
    const bottoms = await page
      .locator('.column')
      .evaluateAll((els) => els.map((e) => e.querySelector('.hit .title')?.getBoundingClientRect().bottom ?? Infinity));
    expect(bottoms).toHaveLength(3);
    for (const bottom of bottoms) expect(bottom).toBeLessThanOrEqual(900);
    // the columns and gold set fields are one click away, and open when the address sets them
    expect(await page.locator('details.more-params').getAttribute('open')).toBeNull();
    await page.close();
    const withColumns = await openPage('/?q=harbor&col=tiny:bm25&col=tiny:dense');
    expect(await withColumns.locator('details.more-params').getAttribute('open')).not.toBeNull();
    await withColumns.close();
  });

  it('compares the columns typed in the Columns fields: two columns, each rank move said in words', async () => {
    const page = await openPage('/?q=harbor+install+port&k=5');
    await page.locator('.column[data-mode="hybrid"] .hit').first().waitFor();
    await page.locator('details.more-params summary').click();
    const fields = page.locator('input[name="col"]');
    expect(await fields.count()).toBe(4);
    // one column typed is not yet a comparison: nothing is searched, no refusal shown
    await fields.nth(0).fill('tiny:bm25');
    await fields.nth(0).press('Tab');
    expect(await page.locator('#results .error').count()).toBe(0);
    await fields.nth(1).fill('tiny:hybrid');
    await fields.nth(1).press('Enter');
    await expect.poll(() => page.locator('.column').count()).toBe(2);
    // both columns are in the address bar, one `col` each
    expect(new URL(page.url()).searchParams.getAll('col')).toEqual(['tiny:bm25', 'tiny:hybrid']);
    const second = page.locator('.column').nth(1);
    expect(await second.locator('.move').count()).toBe(await second.locator('.hit').count());
    expect(await second.locator('.move').first().getAttribute('aria-label')).toMatch(
      /^(up \d+ from rank \d+|down \d+ from rank \d+|same rank as|new: not in the top 5 of) .*column 1 \(BM25 on tiny\)/,
    );
    expect(await page.locator('.column').first().locator('.move').count()).toBe(0);
    expect(problemsOf(page)).toEqual([]);
    await page.close();
  });

  it('marks a hit relevant: the gold additions file grows and the hit shows its grade; undo takes it back', async () => {
    const linesBefore = fs.existsSync(suite.server().additionsFile)
      ? fs.readFileSync(suite.server().additionsFile, 'utf8').trim().split('\n').filter(Boolean).length
      : 0;
    // a query id alone searches its text; q5 has no judgement yet
    const page = await openPage(`/?qrels=${encodeURIComponent(suite.server().qrels)}&qid=q5`);
    expect(await page.inputValue('#q')).toBe('does harbor run on windows');
    const hit = page.locator('.column[data-mode="hybrid"] .hit').first();
    const docId = (await hit.getAttribute('data-doc-id'))!;
    expect(await hit.getAttribute('class')).not.toContain('relevant');

    await hit.locator('details.mark summary').click();
    await hit.locator('select[name="grade"]').selectOption('2');
    await hit.locator('button', { hasText: 'Save to gold set' }).click();
    await page.locator(`.column[data-mode="hybrid"] .hit.relevant[data-doc-id="${docId}"]`).first().waitFor();

    const lines = fs.readFileSync(suite.server().additionsFile, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(linesBefore + 1);
    const added = JSON.parse(lines.at(-1)!) as { query_id: string; doc_id: string; grade: number; note: string };
    expect(added).toMatchObject({ query_id: 'q5', doc_id: docId, grade: 2 });
    expect(added.note).toContain('playground: hybrid rank 1');
    // the same document is marked in every column that has it, and the scores count it
    expect(await page.locator(`.hit.relevant[data-doc-id="${docId}"] .grade`).first().textContent()).toContain(
      'grade 2',
    );
    expect(await page.locator('.column[data-mode="hybrid"] .scores').getAttribute('data-hit')).toBe('1');
    expect(await page.locator('#status').textContent()).toContain(`recorded ${docId}`);
    expect(problemsOf(page)).toEqual([]);
    await screenshot(page, 'playground-marked');

    // undo beside the new grade takes it back: the line goes (the file too when it was the only one)
    await page
      .locator(`.column[data-mode="hybrid"] .hit.relevant[data-doc-id="${docId}"] button.undo-mark`)
      .first()
      .click();
    await page.locator(`.column[data-mode="hybrid"] .hit[data-doc-id="${docId}"]:not(.relevant)`).first().waitFor();
    const left = fs.existsSync(suite.server().additionsFile)
      ? fs.readFileSync(suite.server().additionsFile, 'utf8').trim().split('\n').filter(Boolean)
      : [];
    expect(left).toHaveLength(linesBefore);
    expect(await page.locator(`.hit[data-doc-id="${docId}"] .undo-mark`).count()).toBe(0);
    expect(await page.locator('#status').textContent()).toContain(`took back the judgement of ${docId} for query q5`);
    expect(problemsOf(page)).toEqual([]);
    await page.close();
  });
});

describe('traffic', () => {
  it('shows the logged searches below the playground and samples a query set from them', async () => {
    // Searches through the API are logged (the suite's server logs its traffic): one asked three times.
    const url = suite.server().url;
    for (const q of ['reset password', 'Reset  Password', 'reset password', 'harbor port'])
      expect((await fetch(`${url}/search/bm25?index=tiny&q=${encodeURIComponent(q)}`)).status).toBe(200);
    const page = await openPage('/');
    const traffic = page.locator('#traffic');
    await traffic.scrollIntoViewIfNeeded();
    expect(await traffic.locator('[data-traffic-totals]').textContent()).toMatch(/searches, 2 distinct queries/);
    expect(await traffic.locator('figure svg.chart-svg').count()).toBe(2);
    // the top query is the one asked three times, with its searches counted
    expect(await traffic.locator('#top-queries tbody tr').first().textContent()).toMatch(/^reset password3/);
    // the Sample button starts a job and follows it to the query set it wrote
    await traffic.locator('select[name="method"]').selectOption('top');
    await traffic.locator('input[name="n"]').fill('5');
    await traffic.locator('.sample-form button').click();
    await expect
      .poll(() => traffic.locator('#sample-status').textContent(), { timeout: timeBudget(30_000) })
      .toMatch(/^sampled 2 of 2 queries into traffic\/[^/]+\/queries\.jsonl/);
    expect(problemsOf(page)).toEqual([]);
    await screenshot(page, 'traffic');
    await page.close();
  });
});

describe('experiments', () => {
  it('starts a config, follows its progress, and shows the finished report with its charts', async () => {
    const page = await openPage('/experiments');
    // With a description (tiny-grid) or without (tiny-bm25), each Start button ends its row.
    const rows = await page
      .locator('.config-list li')
      .evaluateAll((els) =>
        els.map((li) => [li.getBoundingClientRect().right, li.querySelector('button')?.getBoundingClientRect().right]),
      );
    expect(rows).toHaveLength(2);
    const gaps = rows.map(([row, button]) => Math.round(row! - button!));
    expect(gaps[0]).toBe(gaps[1]);
    expect(gaps[0]).toBeLessThan(30); // the row's padding and border, not the row's middle
    await page.locator('li[data-config="tiny-grid.yaml"] button', { hasText: 'Start' }).click();
    const link = page.locator('#jobs a.report-link', { hasText: 'tiny-grid' });
    await link.waitFor({ timeout: timeBudget(30_000) });
    await screenshot(page, 'experiments');
    await link.click();
    await page.locator('#report h1', { hasText: 'Experiment: tiny-grid' }).waitFor();

    // configurations x metrics, best per column marked
    expect(await page.locator('.config-table tbody tr').count()).toBe(3);
    expect(await page.locator('.config-table td.best').count()).toBeGreaterThan(0);
    // recall@k curves: an SVG with one line per configuration and a legend naming them
    const curves = page.locator('figure.line-chart').first();
    expect(await curves.locator('svg.chart-svg').count()).toBe(1);
    expect(
      await curves.locator('g.series').evaluateAll((els) => els.map((e) => e.getAttribute('data-series'))),
    ).toEqual(['bm25', 'dense', 'hybrid']);
    expect(await curves.locator('g.series path').count()).toBe(3);
    expect(await curves.locator('.legend li').allTextContents()).toEqual(['bm25', 'dense', 'hybrid']);
    // slices as bar charts with query counts, and the real vs synthetic gap
    expect(await page.locator('figure.bar-chart').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('figure.bar-chart .group-label').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/\(n=\d+\)/)]),
    );
    await page.locator('h2', { hasText: 'Real vs synthetic queries' }).waitFor();
    // the quality/cost scatter: every configuration named, and no two names drawn over each other
    // as the browser measures the text (the server places them from an estimated width)
    const scatters = await page.locator('svg.chart-svg:has(text.point-label)').evaluateAll((svgs) =>
      svgs.map((svg) =>
        [...svg.querySelectorAll('text.point-label')].map((t) => {
          const r = t.getBoundingClientRect();
          return { name: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        }),
      ),
    );
    expect(scatters.length).toBeGreaterThan(0);
    for (const labels of scatters) {
      expect(labels.map((l) => l.name).sort()).toEqual(['bm25', 'dense', 'hybrid']);
      for (const [i, a] of labels.entries())
        for (const b of labels.slice(i + 1)) {
          const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
          expect(apart, `${a.name} and ${b.name} overlap`).toBe(true);
        }
    }
    expect(problemsOf(page)).toEqual([]);
    await screenshot(page, 'report');

    // a download is the report as Markdown
    const md = await (
      await fetch(suite.server().url + (await page.locator('a', { hasText: 'Markdown' }).getAttribute('href'))!)
    ).text();
    expect(md).toContain('# Experiment: tiny-grid');

    // a miss opens in the playground with its gold set and query id
    await page.locator('details.failures').evaluateAll((els) => els.forEach((d) => d.setAttribute('open', '')));
    const replay = page.locator('a.replay').first();
    const qid = (await replay.textContent())!;
    await replay.click();
    await page.locator('.column').first().waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('qid')).toBe(qid);
    expect(url.searchParams.get('qrels')).toBe(suite.server().qrels);
    expect(await page.locator('.gold-summary').textContent()).toContain(qid);
    await page.close();
  });
});

describe('judging', () => {
  /** The pair on screen, as `query-id document-id`. */
  const shown = async (page: Page) => {
    const pair = page.locator('#judging .judge-pair');
    return `${await pair.getAttribute('data-qid')} ${await pair.getAttribute('data-doc-id')}`;
  };
  const focusedIs = (page: Page, selector: string) =>
    page.locator(selector).evaluate((el) => el.ownerDocument.activeElement === el);
  const session = (page: Page) => page.locator('#session-progress').textContent();

  it('judges five pairs with the keyboard only, undoes one: the additions hold four, with the name and source human', async () => {
    const pool = writeJudgingPool(suite.server());
    const page = await openPage(pool.url);
    // the name is asked first, in the focused field; Enter starts judging
    expect(await focusedIs(page, '#judge-name')).toBe(true);
    await page.keyboard.type('Ada Lovelace');
    await page.keyboard.press('Enter');
    await page.locator('#judging .judge-pair').waitFor();
    expect(await page.locator('.judge-progress').textContent()).toMatch(/Judged 1 \/ 7 pool pairs .* 6 left/);
    expect(await focusedIs(page, '#judging .judge-pair')).toBe(true);

    const grades = ['2', '0', '1', '3', '2'];
    const judged: string[] = [];
    for (const [i, key] of grades.entries()) {
      judged.push(await shown(page));
      await page.keyboard.press(key);
      await expect.poll(() => session(page)).toContain(`This session: ${i + 1} judged.`);
    }
    // every pair shown was a hole of the pool, none twice; the pace gives an ETA for the one left
    expect(new Set(judged).size).toBe(5);
    for (const pair of judged) expect(pool.holes).toContain(pair);
    expect(await session(page)).toMatch(/about \d+ min for the 1 left/);

    // u takes the last judgement back and shows that pair again
    await page.keyboard.press('u');
    await expect.poll(() => session(page)).toContain('This session: 4 judged.');
    expect(await shown(page)).toBe(judged[4]);
    expect(await page.locator('#status').textContent()).toContain('took back');
    // j / k move between the two pairs left; n goes to the note, Esc back to the pair
    await page.keyboard.press('j');
    await expect.poll(() => shown(page)).not.toBe(judged[4]);
    await page.keyboard.press('k');
    await expect.poll(() => shown(page)).toBe(judged[4]);
    await page.keyboard.press('n');
    expect(await focusedIs(page, '#judge-note')).toBe(true);
    await page.keyboard.press('Escape');
    expect(await focusedIs(page, '#judging .judge-pair')).toBe(true);

    const lines = fs.readFileSync(pool.additionsFile, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(4);
    const additions = lines.map((line) => JSON.parse(line));
    expect(additions.map((a) => `${a.query_id} ${a.doc_id}`)).toEqual(judged.slice(0, 4));
    expect(additions.map((a) => a.grade)).toEqual(grades.slice(0, 4).map(Number));
    for (const a of additions) expect(a).toMatchObject({ judge: 'Ada Lovelace', source: 'human' });

    // the name is kept: the page opened again judges as Ada at once, counting her four
    await page.goto(suite.server().url + pool.url);
    await page.locator('#judging .judge-pair').waitFor();
    expect(new URL(page.url()).searchParams.get('judge')).toBe('Ada Lovelace');
    expect(await page.locator('.judge-progress').textContent()).toMatch(/4 by you as Ada Lovelace\); 2 left/);
    expect(problemsOf(page)).toEqual([]);
    await screenshot(page, 'judge');
    await page.close();
  });

  it('writes a question with the keyboard only: searched with every leg, two documents graded, created with them', async () => {
    const page = await openPage('/');
    await writeQuestionJourney(
      {
        press: (key) => page.keyboard.press(key),
        type: (text) => page.keyboard.type(text),
        goto: async (url) => void (await page.goto(url)),
        focused: () =>
          page.locator('body').evaluate((el) => {
            const f = el.ownerDocument.activeElement;
            return `${f?.id ?? ''} ${f?.getAttribute('name') ?? ''} ${f?.getAttribute('value') ?? ''}`;
          }),
        count: (selector) => page.locator(selector).count(),
      },
      suite.server(),
    );
    expect(problemsOf(page)).toEqual([]);
    await screenshot(page, 'judge-written-question');
    await page.close();
  });
});
