import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isJsonMediaType } from '../../../src/http/guards/media-type.js';
import { tmpDir } from '../../helpers/tmp.js';
import { webFixture, type WebFixture } from '../../web/helpers/web-fixture.js';
import { expectRefused, INDEX_BUILD, INLINE_EXPERIMENT, JUDGEMENT, post, QRELS, stateOf } from './guard-fixture.js';

let fx: WebFixture;
beforeAll(async () => {
  fx = await webFixture(tmpDir('guard-media-'));
});
afterAll(() => fx.catalog.close());

describe('isJsonMediaType', () => {
  it.each([
    ['application/json', true],
    ['Application/JSON', true],
    ['application/json; charset=utf-8', true],
    ['application/json;charset=UTF-8', true],
    ['application/json; charset="utf-8"', true],
    ['application/json;', true],
    ['text/plain', false],
    ['text/plain; x=application/json', false],
    ['text/plain;charset=UTF-8', false],
    ['application/x-www-form-urlencoded', false],
    ['multipart/form-data; boundary=x', false],
    ['application/json; charset=latin1', false],
    ['application/json; x=1', false],
    ['application/json; charset', false],
    ['application/jsonx', false],
    ['application/json-seq', false],
    ['application/merge-patch+json', false],
    ['application/json, text/plain', false],
    ['', false],
  ])('%j -> %s', (type, json) => {
    expect(isJsonMediaType(type)).toBe(json);
  });

  it('no Content-Type is not JSON', () => {
    expect(isJsonMediaType(undefined)).toBe(false);
  });
});

// What a page on any site can send without a CORS preflight: text/plain, form-urlencoded, multipart.
describe('state-changing requests need Content-Type: application/json (415, nothing written)', () => {
  const body = JSON.stringify(JUDGEMENT);

  it('POST /gold as text/plain', async () => {
    const message = await expectRefused(
      fx,
      () => post(fx, '/gold', body, { 'content-type': 'text/plain' }),
      415,
      'unsupported_media_type',
    );
    expect(message).toBe('POST /gold expects Content-Type: application/json (got "text/plain")');
  });

  it('POST /gold form-urlencoded, as an HTML form sends it', async () => {
    const form = new URLSearchParams({ qrels: QRELS, query_id: 'q1', doc_id: 'plans' }).toString();
    await expectRefused(
      fx,
      () => post(fx, '/gold', form, { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      'unsupported_media_type',
    );
  });

  it('POST /gold with no Content-Type (a no-cors fetch of a Blob sends none)', async () => {
    const message = await expectRefused(
      fx,
      () => fx.app.request('/gold', { method: 'POST', body: new Blob([body]) }),
      415,
      'unsupported_media_type',
    );
    expect(message).toContain('(got none)');
  });

  it('POST /experiments as text/plain', async () => {
    await expectRefused(
      fx,
      () => post(fx, '/experiments', JSON.stringify({ yaml: INLINE_EXPERIMENT }), { 'content-type': 'text/plain' }),
      415,
      'unsupported_media_type',
    );
  });

  it('POST /indexes as "text/plain; x=application/json" (JSON named only in a parameter)', async () => {
    const message = await expectRefused(
      fx,
      () => post(fx, '/indexes', JSON.stringify(INDEX_BUILD), { 'content-type': 'text/plain; x=application/json' }),
      415,
      'unsupported_media_type',
    );
    expect(message).toContain('"text/plain; x=application/json"');
  });

  it('POST /search too (a JSON API, though it changes nothing)', async () => {
    await expectRefused(
      fx,
      () => post(fx, '/search/bm25', JSON.stringify({ index: 'tiny', q: 'harbor' }), { 'content-type': 'text/plain' }),
      415,
      'unsupported_media_type',
    );
  });

  it('DELETE with a text body is refused; a bodiless DELETE (parameters in the query) is not', async () => {
    const url = `/gold?${new URLSearchParams({ qrels: QRELS, query_id: 'q1', doc_id: 'plans' })}`;
    await expectRefused(
      fx,
      () => fx.app.request(url, { method: 'DELETE', body: 'x', headers: { 'content-type': 'text/plain' } }),
      415,
      'unsupported_media_type',
    );
    // Nothing to take back yet: the gold route itself answers (404), the guard let it through.
    expect((await fx.app.request(url, { method: 'DELETE' })).status).toBe(404);
  });

  it('application/json; charset=utf-8 is accepted and writes', async () => {
    const before = await stateOf(fx);
    const res = await post(fx, '/gold', body, { 'content-type': 'application/json; charset=utf-8' });
    expect(res.status).toBe(201);
    expect(await stateOf(fx)).not.toEqual(before);
  });
});
