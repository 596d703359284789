import fs from 'node:fs';
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { launchFirefox, openWatched, screenshotFirefox, type WatchedPage } from './helpers/firefox.js';
import { browserSuite } from './helpers/browser-suite.js';
import { writeJudgingPool } from './helpers/judging-pool.js';
import { writeQuestionJourney } from './helpers/write-question-journey.js';
import { timeBudget } from '../helpers/time-budget.js';

// The pages in stock Firefox ESR (puppeteer-core over WebDriver BiDi) against the real app on
// 127.0.0.1: the same journeys as pages.test.ts in Chromium, so a Chromium-only API, a layout
// that only Blink gets right or a CSP violation that only Gecko reports shows up here.

const suite = browserSuite(launchFirefox);
const theBrowser = () => suite.browser();

const open = (
  path: string,
  viewport?: { width: number; height: number; deviceScaleFactor?: number },
): Promise<WatchedPage> => openWatched(theBrowser(), suite.server().url + path, viewport);

/** A 1366-pixel laptop screen at 200% zoom: 683 CSS pixels wide, two device pixels each. */
const ZOOM_200 = { width: 683, height: 450, deviceScaleFactor: 2 };

// (Callbacks run in the page; they use only Element methods, since this project's TypeScript has no DOM lib.)
const columnIds = (page: Page, mode: string) =>
  page.$$eval(`.column[data-mode="${mode}"] .hit`, (els) => els.map((e) => e.getAttribute('data-id')));
const modes = (page: Page) => page.$$eval('.column', (els) => els.map((e) => e.getAttribute('data-mode')));
const isVisible = (page: Page, selector: string) => page.$eval(selector, (el) => el.getClientRects().length > 0);
/** Sideways scrolling: is the document wider than the window? */
const overflowsSideways = (page: Page) => page.$eval('html', (el) => el.scrollWidth > el.clientWidth);

describe('playground in Firefox', () => {
  it('has the query box focused; Enter shows BM25, dense and hybrid side by side', async () => {
    const { page, problems } = await open('/');
    expect(await page.$eval('#q', (el) => el.ownerDocument.activeElement === el)).toBe(true);
    await page.keyboard.type('error E1042 session token');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.column[data-mode="hybrid"] .hit');

    expect(await modes(page)).toEqual(['bm25', 'dense', 'hybrid']);
    // side by side on a laptop screen: three columns on one row, each with hits
    const tops = await page.$$eval('.column', (els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    for (const mode of ['bm25', 'dense', 'hybrid']) expect((await columnIds(page, mode)).length).toBeGreaterThan(0);
    expect(await page.$eval('.column[data-mode="bm25"] .hit', (el) => el.getAttribute('data-doc-id'))).toBe(
      'error-e1042',
    );
    expect(await page.$eval('.column[data-mode="hybrid"] .hit .sources', (el) => el.textContent)).toMatch(
      /bm25 #\d+ .* dense/,
    );
    // the search went into the address bar through history.pushState
    expect(new URL(page.url()).searchParams.get('q')).toBe('error E1042 session token');
    expect(problems).toEqual([]);
    await screenshotFirefox(page, 'firefox-playground');
    await page.close();
  });

  it('re-ranks the hybrid list when a fusion parameter changes', async () => {
    const { page, problems } = await open('/?q=harbor+port+windows&k=5');
    const before = await columnIds(page, 'hybrid');
    const dense = await columnIds(page, 'dense');
    expect(before.length).toBeGreaterThan(0);
    // all the weight on the dense leg: the fused list follows the dense list
    await page.locator('input[name="weights"]').fill('0,1');
    await page.keyboard.press('Tab');
    await expect.poll(async () => (await columnIds(page, 'hybrid'))[0]).not.toBe(before[0]);
    const after = await columnIds(page, 'hybrid');
    expect(after).not.toEqual(before);
    expect(after[0]).toBe(dense[0]);
    expect(new URL(page.url()).searchParams.get('weights')).toBe('0,1');
    // switching to score fusion shows alpha, hides the RRF fields, and re-fuses by score
    await page.select('select[name="fusion"]', 'score');
    await expect.poll(() => isVisible(page, 'input[name="alpha"]')).toBe(true);
    expect(await isVisible(page, 'input[name="rrf_k"]')).toBe(false);
    await expect
      .poll(() => page.$eval('.column[data-mode="hybrid"] h2 small', (el) => el.textContent))
      .toContain('score');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('at 200% zoom: stacks the columns, nothing overflows sideways, and the controls still work', async () => {
    const { page, problems } = await open('/?q=install', ZOOM_200);
    expect(await page.evaluate('window.devicePixelRatio')).toBe(2);
    const boxes = await page.$$eval('.column', (els) =>
      els.map((e) => e.getBoundingClientRect()).map((r) => ({ left: Math.round(r.left), top: r.top })),
    );
    expect(boxes).toHaveLength(3);
    expect(new Set(boxes.map((b) => b.left)).size).toBe(1);
    expect(boxes[1]!.top).toBeGreaterThan(boxes[0]!.top);
    expect(boxes[2]!.top).toBeGreaterThan(boxes[1]!.top);
    expect(await overflowsSideways(page)).toBe(false);
    // every visible control lies inside the window, and is what a click at its centre reaches
    // checkVisibility, not getClientRects: Firefox gives the fields of a closed <details> (the
    // columns and gold set, folded away) boxes although nothing of them is shown.
    const controls = await page.$$eval('#search input, #search select, #search button', (els) =>
      els
        .filter((el) => el.checkVisibility())
        .map((el) => {
          el.scrollIntoView({ block: 'center' });
          const r = el.getBoundingClientRect();
          const hit = el.ownerDocument.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return {
            name: el.getAttribute('name') ?? el.tagName,
            left: r.left,
            right: r.right,
            width: el.ownerDocument.documentElement.clientWidth,
            reachable: hit !== null && (hit === el || el.contains(hit)),
          };
        }),
    );
    expect(controls.length).toBeGreaterThan(3);
    for (const c of controls) {
      expect(c, c.name).toMatchObject({ reachable: true });
      expect(c.left, c.name).toBeGreaterThanOrEqual(0);
      expect(c.right, c.name).toBeLessThanOrEqual(c.width);
    }
    await screenshotFirefox(page, 'firefox-playground-200pct');

    // a new query and a fusion weight, typed at this zoom, still search and re-rank
    await page.locator('#q').fill('harbor port windows');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('harbor port windows');
    await page.waitForSelector('.column[data-mode="hybrid"] .hit');
    const dense = await columnIds(page, 'dense');
    await page.locator('input[name="weights"]').fill('0,1');
    await page.keyboard.press('Tab');
    await expect.poll(async () => (await columnIds(page, 'hybrid'))[0]).toBe(dense[0]);
    expect(await overflowsSideways(page)).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('marks a hit relevant: the hit shows its grade in every column', async () => {
    // a query id alone searches its text; q5 has no judgement yet
    const { page, problems } = await open(`/?qrels=${encodeURIComponent(suite.server().qrels)}&qid=q5`);
    const hit = (await page.$('.column[data-mode="hybrid"] .hit'))!;
    const docId = (await hit.evaluate((el) => el.getAttribute('data-doc-id')))!;
    await (await hit.$('details.mark summary'))!.click();
    await (await hit.$('select[name="grade"]'))!.select('2');
    await (await hit.$('.mark-form button'))!.click();
    await page.waitForSelector(`.column[data-mode="hybrid"] .hit.relevant[data-doc-id="${docId}"]`);
    const inColumns = await page.$$eval(`.hit[data-doc-id="${docId}"]`, (els) =>
      els.map((e) => e.classList.contains('relevant')),
    );
    expect(inColumns.length).toBeGreaterThan(0);
    expect(inColumns.every(Boolean)).toBe(true);
    expect(await page.$eval(`.hit.relevant[data-doc-id="${docId}"] .grade`, (el) => el.textContent)).toContain(
      'grade 2',
    );
    expect(await page.$eval('#status', (el) => el.textContent)).toContain(`recorded ${docId}`);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('experiments in Firefox', () => {
  it('starts a config, follows its progress, and draws the finished report as SVG charts', async () => {
    const { page, problems } = await open('/experiments');
    await page.locator('li[data-config="tiny-grid.yaml"] button').click();
    const link = await page.waitForSelector('#jobs a.report-link', { timeout: timeBudget(30_000) });
    expect(await link!.evaluate((el) => el.textContent)).toContain('tiny-grid');
    await Promise.all([page.waitForNavigation(), link!.click()]);
    await page.waitForSelector('#report h1');
    expect(await page.$eval('#report h1', (el) => el.textContent)).toContain('Experiment: tiny-grid');

    expect(await page.$$eval('.config-table tbody tr', (els) => els.length)).toBe(3);
    // recall@k curves: one drawn line per configuration, and a legend naming them
    const curves = (await page.$('figure.line-chart'))!;
    expect(await curves.$$eval('svg.chart-svg', (els) => els.length)).toBe(1);
    expect(await curves.$$eval('g.series', (els) => els.map((e) => e.getAttribute('data-series')))).toEqual([
      'bm25',
      'dense',
      'hybrid',
    ]);
    // Gecko lays the SVG out: each line has a size on screen (a flat line still has a width)
    const lineWidths = await curves.$$eval('g.series path', (els) => els.map((e) => e.getBoundingClientRect().width));
    expect(lineWidths).toHaveLength(3);
    for (const w of lineWidths) expect(w).toBeGreaterThan(0);
    expect(await curves.$$eval('.legend li', (els) => els.map((e) => e.textContent))).toEqual([
      'bm25',
      'dense',
      'hybrid',
    ]);
    expect(await page.$$eval('figure.bar-chart', (els) => els.length)).toBeGreaterThanOrEqual(3);
    const svgWidths = await page.$$eval('svg.chart-svg', (els) => els.map((e) => e.getBoundingClientRect().width));
    for (const w of svgWidths) expect(w).toBeGreaterThan(100);
    expect(problems).toEqual([]);
    await screenshotFirefox(page, 'firefox-report');

    // the same report at 200% zoom: tables scroll inside their box, charts shrink to fit
    await page.setViewport(ZOOM_200);
    await expect.poll(() => page.evaluate('window.innerWidth')).toBe(ZOOM_200.width);
    expect(await overflowsSideways(page)).toBe(false);
    const clientWidth = await page.$eval('html', (el) => el.clientWidth);
    const rights = await page.$$eval('svg.chart-svg', (els) => els.map((e) => e.getBoundingClientRect().right));
    for (const r of rights) expect(r).toBeLessThanOrEqual(clientWidth);
    expect(problems).toEqual([]);
    await screenshotFirefox(page, 'firefox-report-200pct');
    // and the list of experiments
    await page.goto(suite.server().url + '/experiments');
    expect(await overflowsSideways(page)).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('judging in Firefox', () => {
  /** The pair on screen, as `query-id document-id`. */
  const shown = (page: Page) =>
    page.$eval('#judging .judge-pair', (el) => `${el.getAttribute('data-qid')} ${el.getAttribute('data-doc-id')}`);
  const focusedIs = (page: Page, selector: string) =>
    page.$eval(selector, (el) => el.ownerDocument.activeElement === el);
  const session = (page: Page) => page.$eval('#session-progress', (el) => el.textContent ?? '');

  it('judges five pairs with the keyboard only, undoes one: the additions hold four, with the name and source human', async () => {
    const pool = writeJudgingPool(suite.server());
    const { page, problems } = await open(pool.url);
    expect(await focusedIs(page, '#judge-name')).toBe(true);
    await page.keyboard.type('Grace Hopper');
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    await page.waitForSelector('#judging .judge-pair');
    expect(await focusedIs(page, '#judging .judge-pair')).toBe(true);

    const grades = ['3', '2', '0', '1', '1'];
    const judged: string[] = [];
    for (const [i, key] of grades.entries()) {
      judged.push(await shown(page));
      await page.keyboard.press(key as '0');
      await expect.poll(() => session(page)).toContain(`This session: ${i + 1} judged.`);
    }
    expect(new Set(judged).size).toBe(5);
    for (const pair of judged) expect(pool.holes).toContain(pair);
    expect(await session(page)).toMatch(/about \d+ min for the 1 left/);

    await page.keyboard.press('u');
    await expect.poll(() => session(page)).toContain('This session: 4 judged.');
    expect(await shown(page)).toBe(judged[4]);
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
    for (const a of additions) expect(a).toMatchObject({ judge: 'Grace Hopper', source: 'human' });
    expect(problems).toEqual([]);
    await screenshotFirefox(page, 'firefox-judge');
    await page.close();
  });

  it('writes a question with the keyboard only: searched with every leg, two documents graded, created with them', async () => {
    const { page, problems } = await open('/');
    await writeQuestionJourney(
      {
        press: (key) => page.keyboard.press(key as 'Tab'),
        type: (text) => page.keyboard.type(text),
        goto: async (url) => void (await page.goto(url)),
        focused: () =>
          page.$eval('body', (el) => {
            const f = el.ownerDocument.activeElement;
            return `${f?.id ?? ''} ${f?.getAttribute('name') ?? ''} ${f?.getAttribute('value') ?? ''}`;
          }),
        count: (selector) => page.$$eval(selector, (els) => els.length),
      },
      suite.server(),
    );
    expect(problems).toEqual([]);
    await screenshotFirefox(page, 'firefox-judge-written-question');
    await page.close();
  });
});
