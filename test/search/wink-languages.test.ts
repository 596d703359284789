import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueryTerms } from '../../src/analysis/query-terms.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import type { Searcher } from '../../src/search/searcher.js';
import { createWinkRetriever } from '../../src/retrievers/wink-bm25.js';
import type { Engine, SearchRequest } from '../../src/search/types.js';
import { pipelineForMode } from '../../src/pipeline/search-spec.js';
import { analyzerFor } from '../../src/store/tokenizers.js';
import { tmpDir } from '../helpers/tmp.js';
import { lexicalSearcher, writeJsonl } from '../helpers/lexical-fixtures.js';

// One clear answer per question: each pair of documents shares a topic across languages, and
// only the right language's document holds the query's words.
const docs = [
  {
    _id: 'zh-reset',
    text: '如何重置您的密码：在登录页面选择忘记密码，然后打开邮件中的链接。',
    metadata: { language: 'zh' },
  },
  { _id: 'zh-install', text: '在 Linux 上安装软件包需要两千兆字节的内存。', metadata: { language: 'zh' } },
  { _id: 'th-reset', text: 'วิธีรีเซ็ตรหัสผ่านของคุณ เลือกลืมรหัสผ่านในหน้าเข้าสู่ระบบ', metadata: { language: 'th' } },
  {
    _id: 'de-reset',
    text: 'So setzen Sie Ihr Passwort zurück: Wählen Sie auf der Anmeldeseite „Passwort vergessen“.',
    metadata: { language: 'de' },
  },
  {
    _id: 'de-install',
    text: 'Installieren Sie das Paket unter Linux als Administrator. Es benötigt zwei Gigabyte Arbeitsspeicher.',
    metadata: { language: 'de' },
  },
  {
    _id: 'en-reset',
    text: 'How to reset your password: choose Forgot password on the sign-in page and open the emailed link.',
    metadata: { language: 'en' },
  },
  {
    _id: 'en-install',
    text: 'Installing the package on Linux requires two gigabytes of memory and root access.',
    metadata: { language: 'en' },
  },
];

// Query -> the one document that should come first, and the query's language when the
// detector cannot be relied on for so short a text.
const CLEAR_CUT: [string, string, string?][] = [
  ['重置密码', 'zh-reset', 'zh'],
  ['安装软件包', 'zh-install', 'zh'],
  ['รหัสผ่าน', 'th-reset', 'th'],
  ['Wie installiere ich Pakete?', 'de-install'],
  ['Passwort vergessen', 'de-reset', 'de'],
  ['How do I reset my password?', 'en-reset'],
];

describe('wink BM25 on a multilingual index', () => {
  const dir = tmpDir('wink-languages-');
  const corpus = path.join(dir, 'corpus.jsonl');
  const searchers: Record<string, Searcher> = {};
  beforeAll(async () => {
    writeJsonl(corpus, docs);
    for (const tokenizer of ['unicode61', 'multilingual']) {
      const out = path.join(dir, `${tokenizer}.sqlite`);
      await buildIndex({ corpus, out, chunker: 'doc', embedder: 'none', tokenizer });
      searchers[tokenizer] = lexicalSearcher(tokenizer, out);
    }
  });
  afterAll(() => {
    for (const s of Object.values(searchers)) s.close();
  });

  const search = (index: string, engine: Engine, query: string, queryLang?: string) => {
    const req: SearchRequest = {
      query,
      mode: 'bm25',
      pipeline: pipelineForMode('bm25', { k: 10, level: 'doc', engine, ...(queryLang && { qlang: queryLang }) }),
    };
    return searchers[index]!.search(req);
  };

  it('finds the Chinese and Thai documents, which English analysis cannot', async () => {
    // On a unicode61 index wink analyses as English (as it did on every index before): a Han or
    // Thai sentence is one long token, so a word inside it matches nothing.
    expect((await search('unicode61', 'wink', '重置密码')).hits).toEqual([]);
    expect((await search('unicode61', 'wink', 'รหัสผ่าน')).hits).toEqual([]);
    expect((await search('multilingual', 'wink', '重置密码', 'zh')).hits[0]?.id).toBe('zh-reset');
    expect((await search('multilingual', 'wink', 'รหัสผ่าน', 'th')).hits[0]?.id).toBe('th-reset');
  });

  it('puts the same document first as FTS5 on clear-cut queries', async () => {
    for (const [query, expected, lang] of CLEAR_CUT) {
      const fts5 = await search('multilingual', 'fts5', query, lang);
      const wink = await search('multilingual', 'wink', query, lang);
      expect(fts5.hits[0]?.id, `fts5: ${query}`).toBe(expected);
      expect(wink.hits[0]?.id, `wink: ${query}`).toBe(expected);
    }
  });

  it('finds the same documents as FTS5: both see the same query terms', async () => {
    for (const [query, , lang] of CLEAR_CUT) {
      const ids = async (engine: Engine) =>
        (await search('multilingual', engine, query, lang)).hits.map((h) => h.id).sort();
      expect(await ids('wink'), query).toEqual(await ids('fts5'));
    }
  });

  it('stem: false turns Snowball off for wink alone, on documents and queries alike', async () => {
    // A pipeline's lexical leg has no stem setting (engine, k1, b only), so the wink retriever
    // is built here as the Searcher's leg factory builds it over this index (the index's
    // analyser, each chunk in its stored language, queries through createQueryTerms), once with
    // the default analysis and once with stem: false.
    const searcher = searchers.multilingual!;
    const wink = (stem?: boolean) => {
      const analyze = analyzerFor(searcher.meta.tokenizer, stem === false ? { stem: false } : {})!;
      return createWinkRetriever(searcher.reader.chunks(), stem === false ? { stem } : {}, {
        analyze,
        chunkLanguage: (id) => searcher.chunkLanguage(id),
        queryTerms: createQueryTerms(analyze, searcher.meta.languages ?? {}),
      });
    };
    const search = (query: string, stem?: boolean) =>
      wink(stem).search(query, { k: 10, level: 'doc', queryLang: 'de' });
    // Stemmed, "installiere" and "Installieren" meet at installi; unstemmed they stay apart,
    // while the exact form still matches.
    expect((await search('installiere')).hits[0]?.id).toBe('de-install');
    expect((await search('installiere', false)).hits).toEqual([]);
    expect((await search('installieren', false)).hits[0]?.id).toBe('de-install');
  });

  it('keeps English analysis on other indexes: Porter2 and Lucene stop words', async () => {
    // "installing" -> install, "packages" -> packag; "the", "on" are stop words.
    const { hits } = await search('unicode61', 'wink', 'installing the packages on Linux');
    expect(hits[0]?.id).toBe('en-install');
  });
});
