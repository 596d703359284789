import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../../src/http/app.js';
import { IndexCatalog } from '../../../src/serving/catalog/index-catalog.js';

type Json = Record<string, unknown>;

/**
 * The OpenAPI document a freshly created app serves at /openapi.json: generated from its routes
 * as the server generates it, with the leg types, fusion methods and shorthand rows registered
 * now. The app serves an empty data folder; its catalog is closed and its folder removed after.
 */
export async function apiDocument(): Promise<Json> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-document-'));
  const catalog = new IndexCatalog(path.join(dir, 'data'));
  try {
    const app = createApp({ catalog, corporaRoot: path.join(dir, 'corpora'), cacheDir: path.join(dir, 'cache') });
    const res = await app.request('/openapi.json');
    if (res.status !== 200) throw new Error(`GET /openapi.json answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as Json;
  } finally {
    await catalog.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
