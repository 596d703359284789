import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { WebFixture } from '../../web/helpers/web-fixture.js';

/** The gold set the hostile writes aim at, relative to the corpora root. */
export const QRELS = 'tiny/qrels/test.tsv';
export const JUDGEMENT = { qrels: QRELS, query_id: 'q1', doc_id: 'plans', grade: 2 };
export const INDEX_BUILD = { name: 'planted', corpus: 'tiny', embedder: 'none' };
export const INLINE_EXPERIMENT =
  'name: planted\ncorpus: tiny\ngrid:\n  retrievers:\n    - { name: bm25, mode: bm25 }\n';

/** Everything a write could leave behind: gold additions, experiment jobs and reports, indexes and builds. */
export async function stateOf(fx: WebFixture): Promise<unknown> {
  const additions = path.join(fx.corporaRoot, `${QRELS}.additions.jsonl`);
  const list = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : null);
  const jobs = (await (await fx.app.request('/experiments', { headers: { accept: 'application/json' } })).json()) as {
    experiments: unknown[];
  };
  return {
    additions: fs.existsSync(additions) ? fs.readFileSync(additions, 'utf8') : null,
    experiments: jobs.experiments.length,
    results: list(fx.resultsRoot),
    indexes: fx.catalog.indexes.names(),
    build: fx.catalog.builds.job(INDEX_BUILD.name) ?? null,
    data: list(path.join(fx.root, 'data')),
  };
}

/** Sends `request` and checks it was refused with `status` and a JSON error `code`, and that nothing changed. */
export async function expectRefused(
  fx: WebFixture,
  request: () => Response | Promise<Response>,
  status: number,
  code: string,
): Promise<string> {
  const before = await stateOf(fx);
  const res = await request();
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(await stateOf(fx)).toEqual(before);
  return body.error.message;
}

export const post = (fx: WebFixture, url: string, body: string, headers: Record<string, string>) =>
  fx.app.request(url, { method: 'POST', body, headers });
