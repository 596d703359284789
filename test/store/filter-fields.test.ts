import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/indexing/build-index.js';
import { IndexReader } from '../../src/store/index-reader.js';
import { writeJsonl } from '../helpers/lexical-fixtures.js';
import { tmpDir } from '../helpers/tmp.js';
import { buildFilterIndex } from './filter-fixture.js';

const dir = tmpDir('filter-fields-');

function fieldsOf(file: string) {
  const reader = IndexReader.open(file);
  try {
    return reader.filterFields();
  } finally {
    reader.close();
  }
}

describe('the filter fields of an index', () => {
  it('lists lang and every metadata leaf with each JSON type it holds (the filter fixture, read by hand)', async () => {
    mkdirSync(path.join(dir, 'a'));
    const file = await buildFilterIndex(path.join(dir, 'a'), 'none');
    // year: 2020 (integer), "2020" (string), 2020.5 (real), null (no type); draft: false/true and 1;
    // source: {kind: "web"} in d1/d2 and the string "web" in d4; 'we"ird' and 'p)' are no field names.
    expect(fieldsOf(file)).toEqual([
      { key: 'draft', types: ['boolean', 'integer'] },
      { key: 'lang', types: ['string'] },
      { key: 'language', types: ['string'] },
      { key: 'source', types: ['string'] },
      { key: 'source.kind', types: ['string'] },
      { key: 'type', types: ['string'] },
      { key: 'year', types: ['integer', 'real', 'string'] },
    ]);
  });

  it('skips values inside arrays and a metadata "lang" (the filter key lang is the chunk language); keeps - in names and deep paths', async () => {
    const sub = path.join(dir, 'b');
    const corpus = path.join(sub, 'corpus.jsonl');
    mkdirSync(sub);
    writeJsonl(corpus, [
      {
        _id: 'x',
        text: 'one two three',
        metadata: { lang: 'fr', tags: ['a', 'b'], authors: [{ name: 'n' }], 'my-key': 'v' },
      },
      { _id: 'y', text: 'four five six', metadata: { n: { deep: { er: 1.5 } }, 'a b': 1 } },
    ]);
    const out = path.join(sub, 'index.sqlite');
    await buildIndex({ corpus, out, chunker: 'words:6', embedder: 'none', detectLanguage: false });
    // The metadata lang became chunk x's language: lang is listed once, as the chunk field.
    expect(fieldsOf(out)).toEqual([
      { key: 'lang', types: ['string'] },
      { key: 'my-key', types: ['string'] },
      { key: 'n.deep.er', types: ['real'] },
    ]);
  });
});
