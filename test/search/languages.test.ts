import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbedderPool } from '../../src/embedders/embedder-pool.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { Searcher } from '../../src/search/searcher.js';
import type { Mode } from '../../src/search/types.js';
import { pipelineForMode } from '../../src/pipeline/search-spec.js';
import { bm25Sql } from '../../src/store/bm25-sql.js';
import { tmpDir } from '../helpers/tmp.js';
import { writeJsonl } from '../helpers/lexical-fixtures.js';

const docs = [
  {
    _id: 'zh-reset',
    text: '如何重置您的密码：在登录页面选择忘记密码，然后打开邮件中的链接。',
    metadata: { language: 'zh' },
  },
  { _id: 'zh-install', text: '在 Linux 上安装软件包需要两千兆字节的内存。' },
  { _id: 'th-reset', text: 'วิธีรีเซ็ตรหัสผ่านของคุณ เลือกลืมรหัสผ่านในหน้าเข้าสู่ระบบ' },
  { _id: 'de-reset', text: 'So setzen Sie Ihr Passwort zurück: Wählen Sie auf der Anmeldeseite „Passwort vergessen“.' },
  {
    _id: 'de-install',
    text: 'Installieren Sie das Paket unter Linux als Administrator. Es benötigt zwei Gigabyte Arbeitsspeicher.',
  },
  {
    _id: 'en-reset',
    text: 'How to reset your password: choose Forgot password on the sign-in page and open the emailed link.',
  },
  { _id: 'en-install', text: 'Installing the package on Linux requires two gigabytes of memory and root access.' },
];

describe('language-aware lexical search', () => {
  const dir = tmpDir('languages-');
  const corpus = path.join(dir, 'corpus.jsonl');
  const pool = new EmbedderPool();
  const searchers: Record<string, Searcher> = {};
  beforeAll(async () => {
    writeJsonl(corpus, docs);
    for (const tokenizer of ['unicode61', 'multilingual']) {
      const out = path.join(dir, `${tokenizer}.sqlite`);
      await buildIndex({ corpus, out, chunker: 'doc', embedder: 'hash:64', tokenizer });
      searchers[tokenizer] = new Searcher(tokenizer, out, (id) => pool.get(id));
    }
  });
  afterAll(async () => {
    for (const s of Object.values(searchers)) s.close();
    await pool.close();
  });

  /** `extra`: the shorthand's flat parameters (engine, lang, ...). */
  const search = (index: string, query: string, extra: Record<string, unknown> = {}, mode: Mode = 'bm25') =>
    searchers[index]!.search({
      query,
      mode,
      pipeline: pipelineForMode(mode, { k: 10, level: 'doc', engine: 'fts5', ...extra }),
    });

  it('records each document language: given in metadata, else detected', () => {
    expect(searchers.multilingual!.meta.languages).toEqual({ zh: 2, th: 1, de: 2, en: 2 });
  });

  it('unicode61 finds nothing for Chinese or Thai words inside a sentence; the multilingual analyser does', async () => {
    expect((await search('unicode61', '重置密码')).hits).toEqual([]);
    expect((await search('unicode61', 'รหัสผ่าน')).hits).toEqual([]);
    expect((await search('multilingual', '重置密码')).hits[0]?.id).toBe('zh-reset');
    expect((await search('multilingual', 'รหัสผ่าน')).hits[0]?.id).toBe('th-reset');
  });

  it('stems in the language of the text: "installiere" meets "Installieren"', async () => {
    expect((await search('multilingual', 'Wie installiere ich Pakete?')).hits[0]?.id).toBe('de-install');
    expect((await search('unicode61', 'Wie installiere ich Pakete?')).hits.map((h) => h.id)).not.toContain(
      'de-install',
    );
  });

  it('lang= keeps only documents in that language, in every mode and engine', async () => {
    for (const mode of ['bm25', 'dense', 'hybrid'] as const) {
      for (const engine of ['fts5', 'wink'] as const) {
        const res = await search('multilingual', 'Linux password reset install', { lang: 'de', engine }, mode);
        expect(res.hits.length, `${mode} ${engine}`).toBeGreaterThan(0);
        expect(new Set(res.hits.map((h) => h.id.split('-')[0])), `${mode} ${engine}`).toEqual(new Set(['de']));
      }
    }
  });

  it('the language filter is part of the visible SQL', () => {
    // lang= is now a filter like any other: its compiled condition (lower(c.lang) = ?) goes into
    // the SQL after the documents join every filter adds, with or without candidates.
    const { where } = searchers.multilingual!.reader.compileFilter({ lang: 'de' }).sql;
    expect(where).toBe('lower(c.lang) = ?');
    for (const candidates of [false, true]) {
      expect(bm25Sql({ where, candidates })).toContain(
        'CROSS JOIN chunks c ON c.rowid = chunks_fts.rowid\nCROSS JOIN documents d ON d.id = c.doc_id\nWHERE',
      );
      expect(bm25Sql({ where, candidates })).toContain('\n  AND (lower(c.lang) = ?)\nORDER BY');
    }
  });
});
