import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/indexing/build-index.js';
import type { Searcher } from '../../src/search/searcher.js';
import type { SearchRequest } from '../../src/search/types.js';
import { pipelineForMode } from '../../src/pipeline/search-spec.js';
import { tmpDir } from '../helpers/tmp.js';
import { lexicalSearcher, writeJsonl } from '../helpers/lexical-fixtures.js';

// One document per language, so no language has a majority to fall back on.
const docs = [
  { _id: 'zh', text: '如何重置您的密码：在登录页面选择忘记密码。', metadata: { language: 'zh' } },
  { _id: 'th', text: 'วิธีรีเซ็ตรหัสผ่านของคุณ เลือกลืมรหัสผ่านในหน้าเข้าสู่ระบบ', metadata: { language: 'th' } },
  { _id: 'de', text: 'Installieren Sie das Paket unter Linux als Administrator.', metadata: { language: 'de' } },
  // Snowball English indexes "password" as password; the query below says "passwords".
  { _id: 'en', text: 'Choose a new password on the sign-in page.', metadata: { language: 'en' } },
  { _id: 'ja', text: 'パスワードを忘れた場合は、ログイン画面から再設定してください。', metadata: { language: 'ja' } },
];

describe('a short query on an index with no majority language', () => {
  const dir = tmpDir('mixed-short-');
  let searcher: Searcher;
  beforeAll(async () => {
    const corpus = path.join(dir, 'corpus.jsonl');
    writeJsonl(corpus, docs);
    const out = path.join(dir, 'index.sqlite');
    await buildIndex({ corpus, out, chunker: 'doc', embedder: 'none', tokenizer: 'multilingual' });
    searcher = lexicalSearcher('mixed', out);
  });
  afterAll(() => searcher.close());

  const ids = async (engine: 'fts5' | 'wink', query: string, queryLang?: string) => {
    const req: SearchRequest = {
      query,
      mode: 'bm25',
      pipeline: pipelineForMode('bm25', { k: 10, level: 'doc', engine, ...(queryLang && { qlang: queryLang }) }),
    };
    return (await searcher.search(req)).hits.map((h) => h.id);
  };

  it('has no majority language to fall back on', () => {
    expect(searcher.meta.languages).toEqual({ zh: 1, th: 1, de: 1, en: 1, ja: 1 });
  });

  it('"passwords" finds the English "password", in either engine', async () => {
    // Analysed in no language alone it stays "passwords" and matches nothing; the English
    // analysis among the union stems it to password.
    for (const engine of ['fts5', 'wink'] as const) expect(await ids(engine, 'passwords'), engine).toEqual(['en']);
  });

  it('Chinese and Thai queries still find their documents', async () => {
    for (const engine of ['fts5', 'wink'] as const) {
      expect(await ids(engine, '重置密码'), engine).toEqual(['zh']);
      expect(await ids(engine, 'รหัสผ่าน'), engine).toEqual(['th']);
    }
  });

  it('a language the caller gives is used alone', async () => {
    // As Thai (no stemmer) "passwords" stays as it is and matches nothing; as English it is
    // stemmed to password.
    for (const engine of ['fts5', 'wink'] as const) {
      expect(await ids(engine, 'passwords', 'th'), engine).toEqual([]);
      expect(await ids(engine, 'passwords', 'en'), engine).toEqual(['en']);
    }
  });
});
