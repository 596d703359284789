import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { createApp } from '../../src/http/app.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { tmpDir } from '../helpers/tmp.js';
import { browserGet } from './helpers/web-fixture.js';

// Eight one-chunk documents in four languages (given, so nothing depends on detection).
const docs = [
  ['zh-reset', 'zh', '如何重置您的密码：在登录页面选择忘记密码，然后打开邮件中的链接。'],
  ['zh-install', 'zh', '在 Linux 上安装软件包需要两千兆字节的内存。'],
  ['th-reset', 'th', 'วิธีรีเซ็ตรหัสผ่านของคุณ เลือกลืมรหัสผ่านในหน้าเข้าสู่ระบบ'],
  ['de-reset', 'de', 'So setzen Sie Ihr Passwort zurück: Wählen Sie auf der Anmeldeseite „Passwort vergessen“.'],
  ['de-kennwort', 'de', 'Vergessene Kennwörter setzt der Administrator unter Linux zurück.'],
  ['de-install', 'de', 'Installieren Sie das Paket unter Linux als Administrator.'],
  ['en-reset', 'en', 'How to reset your password: choose Forgot password on the sign-in page.'],
  ['en-install', 'en', 'Installing the package on Linux requires two gigabytes of memory.'],
] as const;

const root = tmpDir('web-playground-languages-');
let catalog: IndexCatalog;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  const corpus = path.join(root, 'corpus.jsonl');
  fs.writeFileSync(
    corpus,
    docs.map(([id, language, text]) => JSON.stringify({ _id: id, text, metadata: { language } })).join('\n') + '\n',
  );
  await buildIndex({
    corpus,
    out: path.join(root, 'data', 'ml.sqlite'),
    chunker: 'doc',
    embedder: 'hash:64',
    tokenizer: 'multilingual',
  });
  catalog = new IndexCatalog(path.join(root, 'data'));
  app = createApp({ catalog, corporaRoot: root });
});
afterAll(() => catalog.close());

const page = async (query: string) => (await browserGet(app, `/?index=ml&${query}`)).text();
const column = (html: string, mode: string) =>
  html.split(`<section class="column" data-mode="${mode}"`)[1]?.split('</section>')[0] ?? '';
const hitIds = (html: string, mode: string) =>
  [...column(html, mode).matchAll(/<li class="hit[^"]*" data-doc-id="([^"]*)"/g)].map((m) => m[1]!);

describe('the playground on a multilingual index', () => {
  it('offers the index languages with their document counts (most first), and "detect" for the query', async () => {
    const html = await page('');
    const select = (name: string) => html.split(`<select name="${name}">`)[1]?.split('</select>')[0];
    expect(select('lang')).toBe(
      '<option value="" selected="">any language</option><option value="de">de (3)</option><option value="en">en (2)</option>' +
        '<option value="zh">zh (2)</option><option value="th">th (1)</option>',
    );
    expect(select('qlang')).toBe(
      '<option value="" selected="">detect</option><option value="de">de</option><option value="en">en</option>' +
        '<option value="zh">zh</option><option value="th">th</option>',
    );
  });

  it('lang=de lists only German documents, in all three columns, and stays selected', async () => {
    const html = await page('q=Linux+password+reset+install&lang=de');
    for (const mode of ['bm25', 'dense', 'hybrid']) {
      const ids = hitIds(html, mode);
      expect(ids.length, mode).toBeGreaterThan(0);
      expect(
        ids.every((id) => id.startsWith('de-')),
        `${mode}: ${ids.join(' ')}`,
      ).toBe(true);
    }
    // without it, the same query finds English and Chinese documents too
    expect(hitIds(await page('q=Linux+password+reset+install'), 'bm25').some((id) => !id.startsWith('de-'))).toBe(true);
    expect(html).toContain('<option value="de" selected="">de (3)</option>');
  });

  it('marks query words with the index analyser, in each hit’s language', async () => {
    const zh = await page('q=密码');
    expect(hitIds(zh, 'bm25')[0]).toBe('zh-reset');
    expect(column(zh, 'bm25')).toContain(
      '<p class="text" lang="zh">如何重置您的<mark>密码</mark>：在登录页面选择忘记<mark>密码</mark>，',
    );
    const de = await page('q=Kennwort&qlang=de');
    expect(hitIds(de, 'bm25')).toEqual(['de-kennwort']);
    expect(column(de, 'bm25')).toContain('<p class="text" lang="de">Vergessene <mark>Kennwörter</mark> setzt');
    expect(de).toContain('<option value="de" selected="">de</option>');
  });

  it('a bad qlang is refused and named, as the API refuses it', async () => {
    expect(await page('q=x&qlang=german!')).toMatch(
      /<p class="error" role="alert">qlang: qlang must be a language code/,
    );
  });
});
