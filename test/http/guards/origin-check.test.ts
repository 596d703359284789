import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmpDir } from '../../helpers/tmp.js';
import { webFixture, type WebFixture } from '../../web/helpers/web-fixture.js';
import { expectRefused, INDEX_BUILD, INLINE_EXPERIMENT, JUDGEMENT, post, stateOf } from './guard-fixture.js';

const JSON_TYPE = { 'content-type': 'application/json' };
const TOOL = 'https://tool.example';

let fx: WebFixture;
let withCors: WebFixture;
beforeAll(async () => {
  fx = await webFixture(tmpDir('guard-origin-'));
  withCors = await webFixture(tmpDir('guard-origin-cors-'), { corsOrigins: [TOOL] });
});
afterAll(async () => {
  await fx.catalog.close();
  await withCors.catalog.close();
});

// app.request('/x') is http://localhost/x: the server's own origin here is http://localhost.
describe('a JSON write from a page elsewhere is refused (403 cross_origin, nothing written)', () => {
  const gold = JSON.stringify(JUDGEMENT);

  it('a foreign Origin', async () => {
    const message = await expectRefused(
      fx,
      () => post(fx, '/gold', gold, { ...JSON_TYPE, origin: 'https://attacker.example' }),
      403,
      'cross_origin',
    );
    expect(message).toContain('"https://attacker.example"');
  });

  it('the same name on another port is another origin', async () => {
    await expectRefused(
      fx,
      () => post(fx, '/indexes', JSON.stringify(INDEX_BUILD), { ...JSON_TYPE, origin: 'http://localhost:5173' }),
      403,
      'cross_origin',
    );
  });

  it('Origin: null (a sandboxed frame, a file: page)', async () => {
    await expectRefused(
      fx,
      () => post(fx, '/experiments', JSON.stringify({ yaml: INLINE_EXPERIMENT }), { ...JSON_TYPE, origin: 'null' }),
      403,
      'cross_origin',
    );
  });

  it('Sec-Fetch-Site: cross-site, even without an Origin', async () => {
    const message = await expectRefused(
      fx,
      () => post(fx, '/gold', gold, { ...JSON_TYPE, 'sec-fetch-site': 'cross-site' }),
      403,
      'cross_origin',
    );
    expect(message).toContain('"cross-site"');
  });

  it("Sec-Fetch-Site: same-site (another local server's page) and unknown values", async () => {
    await expectRefused(
      fx,
      () => post(fx, '/gold', gold, { ...JSON_TYPE, 'sec-fetch-site': 'same-site' }),
      403,
      'cross_origin',
    );
    await expectRefused(
      fx,
      () => post(fx, '/gold', gold, { ...JSON_TYPE, 'sec-fetch-site': 'sideways' }),
      403,
      'cross_origin',
    );
  });

  it('a bodiless DELETE from a foreign origin', async () => {
    await expectRefused(
      fx,
      () => fx.app.request('/indexes/tiny', { method: 'DELETE', headers: { origin: 'https://attacker.example' } }),
      403,
      'cross_origin',
    );
  });
});

describe('what passes', () => {
  it("the pages' own requests: same Origin, Sec-Fetch-Site same-origin", async () => {
    const res = await post(fx, '/gold', JSON.stringify(JUDGEMENT), {
      ...JSON_TYPE,
      origin: 'http://localhost',
      'sec-fetch-site': 'same-origin',
    });
    expect(res.status).toBe(201);
  });

  it('Sec-Fetch-Site: none (address bar) and no browser headers at all (curl)', async () => {
    const query = JSON.stringify({ index: 'tiny', q: 'harbor' });
    expect((await post(fx, '/search/bm25', query, { ...JSON_TYPE, 'sec-fetch-site': 'none' })).status).toBe(200);
    expect((await post(fx, '/search/bm25', query, JSON_TYPE)).status).toBe(200);
  });

  it('reads from a foreign origin are left to the same-origin policy (no CORS headers)', async () => {
    const res = await fx.app.request('/search/bm25?index=tiny&q=harbor', {
      headers: { origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('a --cors origin may write cross-site; other origins still may not', async () => {
    const before = await stateOf(withCors);
    const ok = await post(withCors, '/gold', JSON.stringify(JUDGEMENT), {
      ...JSON_TYPE,
      origin: TOOL,
      'sec-fetch-site': 'cross-site',
    });
    expect(ok.status).toBe(201);
    expect(await stateOf(withCors)).not.toEqual(before);
    await expectRefused(
      withCors,
      () =>
        post(withCors, '/gold', JSON.stringify(JUDGEMENT), {
          ...JSON_TYPE,
          origin: 'https://attacker.example',
          'sec-fetch-site': 'cross-site',
        }),
      403,
      'cross_origin',
    );
    // The Origin is what names the page: a cross-site request without one is not the tool's.
    await expectRefused(
      withCors,
      () => post(withCors, '/gold', JSON.stringify(JUDGEMENT), { ...JSON_TYPE, 'sec-fetch-site': 'cross-site' }),
      403,
      'cross_origin',
    );
  });
});
