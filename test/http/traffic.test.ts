import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import type { TrafficSummary } from '../../src/traffic/traffic-summary.js';
import { tmpDir } from '../helpers/tmp.js';
import { servedTraffic, smallTraffic } from '../traffic/helpers/small-traffic.js';

const catalog = new IndexCatalog(tmpDir('http-traffic-'));
afterAll(() => catalog.close());
const corporaRoot = tmpDir('http-traffic-corpora-');

describe('GET /traffic', () => {
  it("answers the summary of the server's query log, read at each request", async () => {
    let traffic = smallTraffic();
    const served = servedTraffic(() => traffic);
    const app = createApp({ catalog, corporaRoot, traffic: served });
    const res = await app.request('/traffic');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const summary = (await res.json()) as TrafficSummary;
    expect(summary).toMatchObject({ searches: 4, distinctQueries: 2, clicks: 2, eventsByAction: { click: 2 } });
    expect(summary.perDay).toEqual([
      { day: '2024-05-01', searches: 1, clicks: 1 },
      { day: '2024-05-02', searches: 0, clicks: 0 },
      { day: '2024-05-03', searches: 3, clicks: 1 },
    ]);
    expect(summary.topQueries[0]).toEqual({ query: 'reset password', searches: 3, clickThrough: 2 / 3, zeroHit: 0 });
    expect(summary.zeroHitQueries).toEqual([{ query: 'lost invoice', searches: 1, clickThrough: 0, zeroHit: 1 }]);
    expect(summary.byPosition.slice(0, 3)).toEqual([
      { ordinal: 1, impressions: 3, clicks: 1, ctr: 1 / 3 },
      { ordinal: 2, impressions: 3, clicks: 1, ctr: 1 / 3 },
      { ordinal: 3, impressions: 0, clicks: 0, ctr: null },
    ]);
    // a search logged since: the next request sees it
    traffic = { ...traffic, searches: [...traffic.searches, { ...traffic.searches[3]!, queryId: 't5' }] };
    const again = (await (await app.request('/traffic')).json()) as TrafficSummary;
    expect(again.searches).toBe(5);
    expect(served.loads).toBe(2);
  });

  it('takes the table sizes as top and max_rank, and refuses bad ones with a 400', async () => {
    const app = createApp({ catalog, corporaRoot, traffic: servedTraffic() });
    const small = (await (await app.request('/traffic?top=1&max_rank=2')).json()) as TrafficSummary;
    expect(small.topQueries.map((r) => r.query)).toEqual(['reset password']);
    expect(small.byPosition.map((r) => r.ordinal)).toEqual([1, 2]);
    for (const bad of ['top=0', 'max_rank=1.5', 'top=x', 'max_rank=101', 'depth=3']) {
      const res = await app.request(`/traffic?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code, bad).toBe('bad_input');
    }
  });

  it('answers 409 naming --log-queries when the server logs nothing', async () => {
    const app = createApp({ catalog, corporaRoot });
    const res = await app.request('/traffic');
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('conflict');
    expect(body.error.message).toContain('--log-queries DIR');
  });

  it('needs the token whenever the server has one (issue 40: it shows what users searched), and is open without one', async () => {
    const served = servedTraffic();
    const locked = createApp({ catalog, corporaRoot, token: 'secret', protectSearch: true, traffic: served });
    expect((await locked.request('/traffic')).status).toBe(401);
    expect((await locked.request('/traffic', { headers: { authorization: 'Bearer nope' } })).status).toBe(403);
    expect(served.loads).toBe(0);
    expect((await locked.request('/traffic', { headers: { authorization: 'Bearer secret' } })).status).toBe(200);
    const tokenOnly = createApp({ catalog, corporaRoot, token: 'secret', traffic: servedTraffic() });
    expect((await tokenOnly.request('/traffic')).status).toBe(401);
    expect((await tokenOnly.request('/traffic', { headers: { authorization: 'Bearer secret' } })).status).toBe(200);
    const open = createApp({ catalog, corporaRoot, traffic: servedTraffic() });
    expect((await open.request('/traffic')).status).toBe(200);
  });
});
