import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { createApp } from '../../src/http/app.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import type { SearchResponse } from '../../src/search/types.js';
import { tmpDir } from '../helpers/tmp.js';
import { writeJsonl } from '../helpers/lexical-fixtures.js';

// Every document holds "Linux", so only the filter decides which languages come back.
const docs = [
  { _id: 'de-install', text: 'Installieren Sie das Paket unter Linux.', metadata: { language: 'de' } },
  { _id: 'de-memory', text: 'Linux braucht zwei Gigabyte Arbeitsspeicher.', metadata: { language: 'de' } },
  { _id: 'en-install', text: 'Installing the package on Linux.', metadata: { language: 'en' } },
  { _id: 'fr-install', text: 'Installer le paquet sous Linux.', metadata: { language: 'fr' } },
];

const root = tmpDir('http-languages-');
const dataDir = path.join(root, 'data');
let catalog: IndexCatalog;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  const corpus = path.join(root, 'corpus.jsonl');
  writeJsonl(corpus, docs);
  await buildIndex({
    corpus,
    out: path.join(dataDir, 'langs.sqlite'),
    chunker: 'doc',
    embedder: 'hash:64',
    tokenizer: 'multilingual',
  });
  catalog = new IndexCatalog(dataDir);
  app = createApp({ catalog, corporaRoot: root });
});
afterAll(() => catalog.close());

const post = (url: string, body: unknown) =>
  app.request(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const ids = async (res: Response) => ((await res.json()) as SearchResponse).hits.map((h) => h.id).sort();

describe('lang and qlang over HTTP', () => {
  it('GET ?lang=de keeps only the German documents, in every mode', async () => {
    for (const mode of ['bm25', 'dense', 'hybrid']) {
      const all = await app.request(`/search/${mode}?index=langs&q=Linux&level=doc`);
      expect(all.status, mode).toBe(200);
      expect(await ids(all), mode).toEqual(['de-install', 'de-memory', 'en-install', 'fr-install']);
      const de = await app.request(`/search/${mode}?index=langs&q=Linux&level=doc&lang=de`);
      expect(de.status, mode).toBe(200);
      expect(await ids(de), mode).toEqual(['de-install', 'de-memory']);
    }
  });

  it('lang is case-insensitive, and a language no document is in gives no hits', async () => {
    expect(await ids(await app.request('/search/bm25?index=langs&q=Linux&level=doc&lang=FR'))).toEqual(['fr-install']);
    expect(await ids(await app.request('/search/bm25?index=langs&q=Linux&level=doc&lang=ja'))).toEqual([]);
  });

  it('POST takes lang and qlang in the body; qlang picks the stemmer', async () => {
    // As German, "installiere" stems to installi like "Installieren"; as English it stays
    // installier and matches nothing.
    const asGerman = await post('/search/bm25', { index: 'langs', q: 'installiere', level: 'doc', qlang: 'de' });
    expect(asGerman.status).toBe(200);
    expect(await ids(asGerman)).toEqual(['de-install']);
    expect(
      await ids(await post('/search/bm25', { index: 'langs', q: 'installiere', level: 'doc', qlang: 'en' })),
    ).toEqual([]);
    const filtered = await post('/search/bm25', { index: 'langs', q: 'Linux', level: 'doc', lang: 'en', qlang: 'en' });
    expect(await ids(filtered)).toEqual(['en-install']);
  });

  it('a value that is no language code is a 400 naming the parameter', async () => {
    for (const [name, value] of [
      ['lang', 'german'],
      ['lang', 'de;x'],
      ['qlang', '1'],
      ['qlang', 'de_DE'],
    ]) {
      const get = await app.request(`/search/bm25?index=langs&q=Linux&${name}=${encodeURIComponent(value!)}`);
      expect(get.status, `GET ${name}=${value}`).toBe(400);
      expect(await get.text(), `GET ${name}=${value}`).toContain(`${name} must be a language code`);
      const body = await post('/search/bm25', { index: 'langs', q: 'Linux', [name!]: value });
      expect(body.status, `POST ${name}=${value}`).toBe(400);
    }
  });
});
