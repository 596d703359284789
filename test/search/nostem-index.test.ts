import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Searcher } from '../../src/search/searcher.js';
import type { Engine, SearchRequest } from '../../src/search/types.js';
import { pipelineForMode } from '../../src/pipeline/search-spec.js';
import { parseTokenizer } from '../../src/store/tokenizers.js';
import { tmpDir } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';
import { lexicalSearcher, writeJsonl } from '../helpers/lexical-fixtures.js';

const docs = [
  { _id: 'de', text: 'Installieren Sie die Pakete unter Linux.', metadata: { language: 'de' } },
  { _id: 'en', text: 'Installing packages on Linux.', metadata: { language: 'en' } },
  { _id: 'zh', text: '如何重置您的密码', metadata: { language: 'zh' } },
];

describe('--tokenizer multilingual-nostem', () => {
  const dir = tmpDir('nostem-');
  const corpus = path.join(dir, 'corpus.jsonl');
  const file = (tokenizer: string) => path.join(dir, `${tokenizer}.sqlite`);
  const opened: Searcher[] = [];
  const searcher = (tokenizer: string) => {
    const s = lexicalSearcher(tokenizer, file(tokenizer));
    opened.push(s);
    return s;
  };
  let cliOutput = '';
  beforeAll(async () => {
    writeJsonl(corpus, docs);
    // Built through the CLI, as a user would: the name must be accepted there.
    for (const tokenizer of ['multilingual', 'multilingual-nostem']) {
      const { code, err } = await runCli([
        'index',
        corpus,
        '--out',
        file(tokenizer),
        '--chunker',
        'doc',
        '--embedder',
        'none',
        '--tokenizer',
        tokenizer,
      ]);
      cliOutput += err;
      expect(code, cliOutput).toBe(0);
    }
  });
  afterAll(() => opened.forEach((s) => s.close()));
  const ids = async (s: Searcher, engine: Engine, query: string, queryLang: string) => {
    const req: SearchRequest = {
      query,
      mode: 'bm25',
      pipeline: pipelineForMode('bm25', { k: 10, level: 'doc', engine, qlang: queryLang }),
    };
    return (await s.search(req)).hits.map((h) => h.id);
  };

  it('is a tokenizer name, accepted by `testbed index` and recorded in the index meta', () => {
    expect(parseTokenizer('multilingual-nostem')).toBe('multilingual-nostem');
    expect(cliOutput).toContain('tokenizer multilingual-nostem');
    expect(searcher('multilingual-nostem').meta.tokenizer).toBe('multilingual-nostem');
  });

  it('indexes words as they are: no Snowball stems in the FTS5 table', () => {
    // Looked up past the query analyser. German Snowball turns Installieren into installi and
    // Pakete into paket; English Porter2 turns Installing into instal.
    const hitsFor = (tokenizer: string, term: string) =>
      searcher(tokenizer)
        .reader.bm25([term], 'doc', 10)
        .map((r) => r.id)
        .sort();
    expect(hitsFor('multilingual', 'installi')).toEqual(['de']);
    expect(hitsFor('multilingual', 'instal')).toEqual(['en']);
    expect(hitsFor('multilingual-nostem', 'installi')).toEqual([]);
    expect(hitsFor('multilingual-nostem', 'installieren')).toEqual(['de']);
    expect(hitsFor('multilingual-nostem', 'installing')).toEqual(['en']);
  });

  it('queries are not stemmed either, in either engine: only the exact word form matches', async () => {
    for (const engine of ['fts5', 'wink'] as const) {
      expect(await ids(searcher('multilingual'), engine, 'installiere', 'de'), engine).toEqual(['de']);
      expect(await ids(searcher('multilingual-nostem'), engine, 'installiere', 'de'), engine).toEqual([]);
      expect(await ids(searcher('multilingual-nostem'), engine, 'Installieren', 'de'), engine).toEqual(['de']);
      // Segmentation, folding and CJK bigrams are untouched: 密码 is still a bigram of the zh text.
      expect(await ids(searcher('multilingual-nostem'), engine, '密码', 'zh'), engine).toEqual(['zh']);
    }
  });

  it('a reopened index keeps the setting', async () => {
    lexicalSearcher('first', file('multilingual-nostem')).close();
    const again = searcher('multilingual-nostem');
    expect(again.meta.tokenizer).toBe('multilingual-nostem');
    expect(await ids(again, 'fts5', 'installiere', 'de')).toEqual([]);
  });
});
