import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { InputError } from '../../src/errors.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import type { Traffic } from '../../src/traffic/types.js';
import { CHART_DAYS } from '../../src/web/traffic/traffic-section.js';
import { tmpDir } from '../helpers/tmp.js';
import { servedTraffic, smallTraffic } from '../traffic/helpers/small-traffic.js';
import { browserGet } from './helpers/web-fixture.js';

const catalog = new IndexCatalog(tmpDir('web-traffic-'));
afterAll(() => catalog.close());
const corporaRoot = tmpDir('web-traffic-corpora-');

const home = async (deps: Partial<Parameters<typeof createApp>[0]>, url = '/') => {
  const res = await browserGet(createApp({ catalog, corporaRoot, ...deps }), url);
  return { status: res.status, html: await res.text() };
};
/** The Traffic section's HTML, '' when the page has none. */
const section = (html: string) => html.split('<section id="traffic"')[1]?.split('</section>')[0] ?? '';
/** The rows of the table under the heading with this id: [query, ...cells]. */
const tableRows = (html: string, id: string) =>
  [...(html.split(`<div id="${id}">`)[1]?.split('</table>')[0] ?? '').matchAll(/<tr>(.*?)<\/tr>/g)]
    .slice(1)
    .map((m) => [...m[1]!.matchAll(/<t[hd][^>]*>(?:<a [^>]*>)?(.*?)(?:<\/a>)?<\/t[hd]>/g)].map((c) => c[1]));

describe('the Traffic section of the home page', () => {
  it('sums up the log below the playground: totals, both charts, top and zero-hit queries, the sample form', async () => {
    const { status, html } = await home({ traffic: servedTraffic() });
    expect(status).toBe(200);
    // below the playground: after the results part the script swaps
    expect(html.indexOf('<section id="traffic"')).toBeGreaterThan(html.indexOf('<section id="results"'));
    const part = section(html);
    expect(part).toContain('<h2 id="traffic-h">Traffic</h2>');
    // 4 searches, 2 distinct, on 1 and 3 May (2 days with data; 2 May empty), 2 clicks
    expect(part.replace(/<[^>]+>/g, '')).toContain(
      '4 searches, 2 distinct queries over 2 days with data, between 2024-05-01 and 2024-05-03, 2 clicks',
    );
    // the charts, named by their titles for screen readers; every day with traffic is drawn
    const perDay = 'chart-searches-per-day';
    expect(part).toContain(`<title id="${perDay}">Searches per day</title>`);
    expect(part).toContain('<title id="chart-click-through-by-position">Click-through by position</title>');
    expect(part).toMatch(new RegExp(`<svg[^>]*role="img"[^>]*aria-labelledby="${perDay}"`));
    // one bar per day with traffic; the empty 2 May is a row without a bar that says so
    expect([...part.matchAll(/<g class="group" data-group="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '2024-05-01',
      '… 1 day without traffic …',
      '2024-05-03',
    ]);
    expect([...part.matchAll(/<text[^>]*class="bar-value">(\d+)<\/text>/g)].map((m) => m[1])).toEqual(['1', '3']);
    // top queries: 3 searches, 2 of them clicked; each opens in the playground
    expect(tableRows(part, 'top-queries')).toEqual([
      ['reset password', '3', `${((2 / 3) * 100).toFixed(1)}%`],
      ['lost invoice', '1', '0.0%'],
    ]);
    expect(part).toContain('<a href="/?q=reset%20password">reset password</a>');
    expect(tableRows(part, 'zero-hit-queries')).toEqual([['lost invoice', '1', '1']]);
    expect(part).toMatch(/<th scope="col">query<\/th>/);
    expect(part).toMatch(/<form class="sample-form"[^>]*>[\s\S]*<select name="method">/);
    for (const method of ['random', 'pps', 'top']) expect(part).toContain(`<option value="${method}">`);
    // the answer is read out beside the button, where the form is
    expect(part).toMatch(/<output id="sample-status" aria-live="polite">/);
  });

  it('shows the latest days with traffic only when the log has more than the chart holds', async () => {
    // One more search on each of 1 to 20 April: with 1 and 3 May, 22 days with traffic.
    const traffic = (): Traffic => {
      const t = smallTraffic();
      const april = Array.from({ length: 20 }, (_, i) => ({
        ...t.searches[0]!,
        queryId: `april-${i + 1}`,
        timestamp: `2024-04-${String(i + 1).padStart(2, '0')}T00:00:00Z`,
      }));
      return { ...t, searches: [...t.searches, ...april] };
    };
    const part = section((await home({ traffic: servedTraffic(traffic) })).html);
    // 20 April days + 1 and 3 May: 22 with data; the chart the last CHART_DAYS of them
    expect(part).toContain(`over ${20 + 2} days with data, between 2024-04-01 and 2024-05-03`);
    expect(part).toContain(`Searches per day, the last ${CHART_DAYS} days with traffic`);
    expect([...part.matchAll(/<g class="group" data-group="([^"]+)"/g)].at(-1)?.[1]).toBe('2024-05-03');
    expect([...part.matchAll(/<g class="bar"/g)]).toHaveLength(CHART_DAYS);
  });

  it('counts days with data, not the span, and marks the gap between a seeded fortnight and today (issue 43)', async () => {
    // A demo log of 18 to 31 May 2025, one search a day, and one search on 6 December 2026.
    const fortnight = Array.from({ length: 14 }, (_, i) => `2025-05-${String(18 + i)}`);
    const traffic = (): Traffic => ({
      searches: [...fortnight, '2026-12-06'].map((day, i) => ({
        queryId: `s${i}`,
        userQuery: `query ${i}`,
        timestamp: `${day}T09:00:00Z`,
        hitIds: ['a'],
        from: { file: 'ubi_queries.jsonl', line: i + 1 },
      })),
      events: [],
      dropped: [],
    });
    const part = section((await home({ traffic: servedTraffic(traffic) })).html);
    // 14 + 1 days with data, where the span from the first to the last is 568 days
    expect(part.replace(/<[^>]+>/g, '')).toContain(
      '15 searches, 15 distinct queries over 15 days with data, between 2025-05-18 and 2026-12-06, 0 clicks',
    );
    // 31 May 2025 to 6 December 2026 is 365 days to 31 May 2026, then 30 + 31 + 31 + 30 + 31 + 30 + 6
    // to 6 December: 554 steps, so 553 days strictly between (the 568-day span, less 15)
    const between = 365 + (30 + 31 + 31 + 30 + 31 + 30 + 6) - 1;
    // the chart the last CHART_DAYS (14) days with traffic: 19 to 31 May, then the gap, then today
    const groups = [...part.matchAll(/<g class="group" data-group="([^"]+)"/g)].map((m) => m[1]);
    expect(groups).toEqual([...fortnight.slice(1), `… ${between} days without traffic …`, '2026-12-06']);
    expect([...part.matchAll(/<g class="bar"/g)]).toHaveLength(CHART_DAYS);
  });

  it('says in one line how to turn logging on when the server logs nothing', async () => {
    const { status, html } = await home({});
    expect(status).toBe(200);
    const part = section(html);
    expect(part).toContain('start the server with <code>--log-queries DIR</code>');
    expect(part).not.toContain('<svg');
    expect(part).not.toContain('sample-form');
  });

  it.each([
    ['--protect-search', { protectSearch: true }],
    ['a token alone (issue 40)', {}],
  ])('shows no query with %s, where reading them needs the token', async (_name, extra) => {
    const served = servedTraffic();
    const { html } = await home({ token: 'secret', ...extra, traffic: served });
    const part = section(html);
    expect(part).toContain('read with the token only (GET /traffic)');
    expect(part).not.toContain('reset password');
    expect(served.loads).toBe(0);
  });

  it('keeps the playground when the log cannot be read, the reason in the section', async () => {
    const broken = {
      ...servedTraffic(),
      load: async (): Promise<Traffic> => {
        throw new InputError('not JSON', { file: 'logs/ubi_queries-2024-05-01.jsonl', line: 7 });
      },
    };
    const { status, html } = await home({ traffic: broken });
    expect(status).toBe(200);
    expect(html).toContain('<input id="q" name="q" type="search"');
    expect(section(html)).toContain('logs/ubi_queries-2024-05-01.jsonl:7: not JSON');
  });

  it('the links fill the query in: the page they open searches it', async () => {
    const { html } = await home({ traffic: servedTraffic() }, '/?q=reset%20password');
    expect(html).toMatch(/<input id="q" name="q" type="search" value="reset password"/);
  });
});
