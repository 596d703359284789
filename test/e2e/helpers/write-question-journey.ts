import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { WebServer } from './web-server.js';

/**
 * What the journey needs of a browser page, so that Chromium (playwright-core) and Firefox
 * (puppeteer-core) run the same steps: keys, and a look at the page that may fail while it
 * navigates (then it is asked again).
 */
export interface KeyboardPage {
  press(key: string): Promise<void>;
  type(text: string): Promise<void>;
  goto(url: string): Promise<void>;
  /** `id name value` of the focused element. */
  focused(): Promise<string>;
  /** How many elements match. */
  count(selector: string): Promise<number>;
}

export const WRITTEN_QUESTION = 'how long does a login session last before the token expires';
const JUDGE = 'Grace Hopper';

/** Asks `look` until `accept` takes its answer; a page between two documents answers with an error, asked again. */
async function until<T>(look: () => Promise<T>, accept: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const value = await look();
      if (accept(value)) return value;
    } catch {
      // navigating: the old document is gone, the new one not there yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Presses Tab until the element with `id` has the focus (at most 60 times, or the page is not usable without a mouse). */
async function tabTo(page: KeyboardPage, id: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if ((await page.focused()).split(' ')[0] === id) return;
    await page.press('Tab');
  }
  throw new Error(`Tab never reached #${id}`);
}

/**
 * An expert writes a question on the judging page with the keyboard only: Tab to the question
 * box, type it, Enter searches every leg; the first document found has the focus, arrow keys
 * grade it 2, Tab and an arrow grade the second 0, Tab to the button and Enter creates the
 * question. Checked in the files: one added query (`source: expert`, the judge) and exactly its
 * two judgements, in the gold set of the server's tiny fixture.
 */
export async function writeQuestionJourney(page: KeyboardPage, server: WebServer): Promise<void> {
  const qrels = path.join(server.corporaRoot, server.qrels);
  const queriesAdditions = path.join(path.dirname(path.dirname(qrels)), 'queries.jsonl.additions.jsonl');
  await page.goto(`${server.url}/judge?${new URLSearchParams({ qrels: server.qrels, judge: JUDGE })}`);
  await until(
    () => page.count('#ask-text'),
    (n) => n === 1,
    'the question box',
  );
  await tabTo(page, 'ask-text');
  await page.type(WRITTEN_QUESTION);
  await page.press('Enter');
  await until(
    () => page.count('#question-grades li.candidate'),
    (n) => n >= 2,
    'the documents found',
  );
  // the first document's "not judged" has the focus; each arrow checks the next grade: 0, 1, 2
  expect(
    await until(
      () => page.focused(),
      (f) => f.includes('grade-0'),
      'the first grade',
    ),
  ).toBe(' grade-0 ');
  for (let i = 0; i < 3; i++) await page.press('ArrowRight');
  expect(await page.focused()).toBe(' grade-0 2');
  await page.press('Tab');
  expect(await page.focused()).toBe(' grade-1 ');
  await page.press('ArrowRight');
  expect(await page.focused()).toBe(' grade-1 0');
  await tabTo(page, 'create-question');
  await page.press('Enter');
  await until(
    () => page.count('.judge-created'),
    (n) => n === 1,
    'the confirmation',
  );

  const queries = fs.readFileSync(queriesAdditions, 'utf8').trim().split('\n');
  expect(queries).toHaveLength(1);
  const query = JSON.parse(queries[0]!);
  expect(query).toMatchObject({ text: WRITTEN_QUESTION, metadata: { source: 'expert', judge: JUDGE } });
  const added = fs
    .readFileSync(`${qrels}.additions.jsonl`, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((a) => a.query_id === query._id);
  expect(added.map((a) => a.grade)).toEqual([2, 0]);
  for (const a of added) expect(a).toMatchObject({ judge: JUDGE, source: 'expert' });
}
