import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/indexing/build-index.js';
import type { Searcher } from '../../src/search/searcher.js';
import type { Engine, SearchRequest } from '../../src/search/types.js';
import { pipelineForMode } from '../../src/pipeline/search-spec.js';
import { parseTokenizer } from '../../src/store/tokenizers.js';
import { tmpDir } from '../helpers/tmp.js';
import { lexicalSearcher, writeJsonl } from '../helpers/lexical-fixtures.js';

const docs = [
  { _id: 'de', text: 'Die Pakete werden unter Linux mit dem Paketmanager installiert.', metadata: { language: 'de' } },
  { _id: 'fr', text: 'Les paquets sont installés avec le gestionnaire de paquets.', metadata: { language: 'fr' } },
  { _id: 'es', text: 'Los paquetes se instalan con el gestor de paquetes.', metadata: { language: 'es' } },
  { _id: 'en', text: 'Packages are installed with the package manager.', metadata: { language: 'en' } },
  // "die" is a German stop word, not an English one.
  { _id: 'en-die', text: 'The die is cast.', metadata: { language: 'en' } },
];

describe('--tokenizer multilingual-stop', () => {
  const dir = tmpDir('stop-words-');
  const corpus = path.join(dir, 'corpus.jsonl');
  const file = (tokenizer: string) => path.join(dir, `${tokenizer}.sqlite`);
  const open = (tokenizer: string) => lexicalSearcher(tokenizer, file(tokenizer));
  beforeAll(async () => {
    writeJsonl(corpus, docs);
    for (const tokenizer of ['multilingual', 'multilingual-stop']) {
      await buildIndex({ corpus, out: file(tokenizer), chunker: 'doc', embedder: 'none', tokenizer });
    }
  });
  const opened: Searcher[] = [];
  afterAll(() => opened.forEach((s) => s.close()));
  const searcher = (tokenizer: string) => {
    const s = open(tokenizer);
    opened.push(s);
    return s;
  };
  const search = (s: Searcher, engine: Engine, query: string, queryLang: string) => {
    const req: SearchRequest = {
      query,
      mode: 'bm25',
      pipeline: pipelineForMode('bm25', { k: 10, level: 'doc', engine, qlang: queryLang }),
    };
    return s.search(req);
  };

  it('is a tokenizer name, recorded in the index meta', () => {
    expect(parseTokenizer('multilingual-stop')).toBe('multilingual-stop');
    expect(searcher('multilingual-stop').meta.tokenizer).toBe('multilingual-stop');
  });

  it('leaves stop words out of the indexed documents (German die, French avec, Spanish los)', () => {
    // Looked up in the FTS5 table directly, past the query analyser. These three words are
    // their own Snowball stems, so the plain index holds them as they are.
    const hitsFor = (tokenizer: string, term: string) =>
      searcher(tokenizer)
        .reader.bm25([term], 'doc', 10)
        .map((r) => r.id)
        .sort();
    expect(hitsFor('multilingual', 'die')).toEqual(['de', 'en-die']);
    expect(hitsFor('multilingual', 'avec')).toEqual(['fr']);
    expect(hitsFor('multilingual', 'los')).toEqual(['es']);
    // In the English document "die" is no stop word, so it stays.
    expect(hitsFor('multilingual-stop', 'die')).toEqual(['en-die']);
    expect(hitsFor('multilingual-stop', 'avec')).toEqual([]);
    expect(hitsFor('multilingual-stop', 'los')).toEqual([]);
    // Content words stay: German "Pakete" is stemmed to paket as before.
    expect(hitsFor('multilingual-stop', 'paket')).toEqual(['de']);
  });

  it('leaves them out of queries too, by the query language, in either engine', async () => {
    const s = searcher('multilingual-stop');
    for (const engine of ['fts5', 'wink'] as const) {
      // As German, "die" is dropped from the query, so even the English document is not found.
      expect(
        (await search(s, engine, 'die', 'de')).hits.map((h) => h.id),
        engine,
      ).toEqual([]);
      expect(
        (await search(s, engine, 'die', 'en')).hits.map((h) => h.id),
        engine,
      ).toEqual(['en-die']);
      expect(
        (await search(s, engine, 'die Paketmanager', 'de')).hits.map((h) => h.id),
        engine,
      ).toEqual(['de']);
    }
  });

  it('a query made only of stop words gives no hits and no error', async () => {
    for (const engine of ['fts5', 'wink'] as const) {
      const s = searcher('multilingual-stop');
      expect((await search(s, engine, 'der die das und', 'de')).hits, engine).toEqual([]);
      expect((await search(s, engine, 'le la les de', 'fr')).hits, engine).toEqual([]);
      expect((await search(s, engine, 'el la los de', 'es')).hits, engine).toEqual([]);
    }
  });

  it('a reopened index keeps the setting: stop-word queries still find nothing', async () => {
    const first = open('multilingual-stop');
    first.close();
    const again = searcher('multilingual-stop');
    expect(again.meta.tokenizer).toBe('multilingual-stop');
    expect((await search(again, 'fts5', 'der die das', 'de')).hits).toEqual([]);
    expect((await search(again, 'fts5', 'Paketmanager', 'de')).hits.map((h) => h.id)).toEqual(['de']);
    // The same stop-word query on the plain multilingual index matches both documents with "die".
    expect((await search(searcher('multilingual'), 'fts5', 'der die das', 'de')).hits.map((h) => h.id).sort()).toEqual([
      'de',
      'en-die',
    ]);
  });
});
