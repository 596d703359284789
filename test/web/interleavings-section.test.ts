import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { readServedLog } from '../../src/traffic/read-served-log.js';
import { tmpDir } from '../helpers/tmp.js';
import { servedTraffic } from '../traffic/helpers/small-traffic.js';
import { twoInterleavingsLog } from '../traffic/interleaving/two-interleavings.js';
import { browserGet } from './helpers/web-fixture.js';

const catalog = new IndexCatalog(tmpDir('web-interleavings-'));
afterAll(() => catalog.close());
const corporaRoot = tmpDir('web-interleavings-corpora-');
const log = twoInterleavingsLog(path.join(tmpDir('web-interleavings-log-'), 'log'));

const homeSection = async (app: ReturnType<typeof createApp>) => {
  const res = await browserGet(app, '/');
  expect(res.status).toBe(200);
  return (await res.text()).split('<div id="interleavings">')[1]?.split('</table>')[0];
};

describe('the Interleavings part of the Traffic section', () => {
  it('draws one row per pair, as GET /traffic/interleavings answers it, with the preference bar and interval', async () => {
    const app = createApp({ catalog, corporaRoot, traffic: { dir: log, load: () => readServedLog(log) } });
    const part = (await homeSection(app))!;
    expect(part).toBeDefined();
    const answer = (await (await app.request('/traffic/interleavings')).json()) as {
      interleavings: { name: string; arms: string[]; delta: number; ci95: [number, number] }[];
    };
    const rows = [...part.matchAll(/<tr data-interleaving="([^"]+)" data-arms="([^"]+)">/g)].map((m) => [m[1], m[2]]);
    expect(rows).toEqual(answer.interleavings.map((p) => [p.name, p.arms.join(' ')]));
    // td: bm25 9 wins to 1, a tie; Δ = 8/11 with its interval, named the winner.
    const td = answer.interleavings.find((p) => p.name === 'td')!;
    const signed = (d: number) => (d > 0 ? '+' : '') + d.toFixed(3);
    expect(part).toContain(
      `aria-label="Δ ${signed(8 / 11)}, 95% interval ${signed(td.ci95[0])} to ${signed(td.ci95[1])}"`,
    );
    const tdRow = part.split('data-interleaving="td"')[1]!;
    expect(tdRow).toMatch(/<td>9 : 1, 1<\/td>/);
    expect(tdRow).toMatch(/<td class="text-cell">bm25<\/td>/);
    // The bar runs from the middle (Δ = 0 at x 100 of 200) to Δ: width 100 · 8/11 = 72.73.
    expect(tdRow).toContain('x="100" y="4" width="72.73"');
    // ml x-y: 2 wins of 2, not decided: how many more searches it needs instead of a winner.
    expect(part.split('data-arms="x y"')[1]).toMatch(/none yet \(about \d+ more searches\)/);
  });

  it('is left out of a log without interleaved searches', async () => {
    expect(await homeSection(createApp({ catalog, corporaRoot, traffic: servedTraffic() }))).toBeUndefined();
  });
});
