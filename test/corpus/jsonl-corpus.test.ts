import { describe, expect, it } from 'vitest';
import { readJsonlCorpus } from '../../src/corpus/jsonl-corpus.js';
import { readBeirCorpus } from '../../src/corpus/beir-corpus.js';
import { collect, expectInputError, fixture, TINY_BEIR, tmpDir, writeTmp } from './helpers.js';

describe('readBeirCorpus', () => {
  it('reads the 12 documents of the tiny BEIR set in file order', async () => {
    const docs = await collect(readBeirCorpus(TINY_BEIR));
    expect(docs).toHaveLength(12);
    expect(docs.map((d) => d.id).slice(0, 3)).toEqual(['install-linux', 'install-mac', 'error-e1042']);
    expect(docs[0]?.title).toBe('Installing Harbor on Linux');
    expect(docs[0]?.text.startsWith('# Installing Harbor on Linux\n\nDownload the package')).toBe(true);
    expect(docs[0]?.text.endsWith('/etc/harbor/harbor.toml are kept.')).toBe(true);
    expect(docs[11]).toMatchObject({ id: 'ja-reset', title: 'パスワードの再設定' });
    expect(docs[0]).not.toHaveProperty('metadata');
  });
});

describe('readJsonlCorpus', () => {
  it('accepts numeric _id, plain id, null title, metadata, and keeps text untrimmed', async () => {
    const docs = await collect(readJsonlCorpus(fixture('mixed.jsonl')));
    expect(docs).toEqual([
      { id: '42', title: '', text: 'numeric id' },
      { id: 'plain-id', title: 'Has title', text: '  padded text kept  ', metadata: { lang: 'en' } },
      { id: 'nulls', title: '', text: 'a null title reads as empty' },
    ]);
  });

  it('rejects a record without an id', async () => {
    const file = fixture('missing-id.jsonl');
    await expectInputError(collect(readJsonlCorpus(file)), { file, line: 2, field: '_id' }, 'missing "_id"');
  });

  it('rejects a duplicate id, naming the line where it was first seen', async () => {
    const file = fixture('duplicate-id.jsonl');
    await expectInputError(
      collect(readJsonlCorpus(file)),
      { file, line: 4, field: '_id' },
      'duplicate document id "a"',
      'first seen at line 2',
    );
  });

  it('rejects text that is empty after trimming', async () => {
    const file = fixture('empty-text.jsonl');
    await expectInputError(collect(readJsonlCorpus(file)), { file, line: 2, field: 'text' }, 'non-empty string');
  });

  it('rejects wrongly typed id, title, text and metadata with the bad value', async () => {
    const dir = tmpDir();
    const cases = [
      { body: '{"_id": true, "text": "t"}', field: '_id', shows: 'boolean true' },
      { body: '{"_id": "", "text": "t"}', field: '_id', shows: 'string ""' },
      { body: '{"_id": "a", "title": 7, "text": "t"}', field: 'title', shows: 'number 7' },
      { body: '{"_id": "a", "title": "t"}', field: 'text', shows: 'missing' },
      { body: '{"_id": "a", "text": ["t"]}', field: 'text', shows: 'an array' },
      { body: '{"_id": "a", "text": "t", "metadata": "en"}', field: 'metadata', shows: 'string "en"' },
    ];
    for (const [i, { body, field, shows }] of cases.entries()) {
      const file = writeTmp(dir, `case-${i}.jsonl`, `{"_id": "fine", "text": "ok"}\n${body}\n`);
      await expectInputError(collect(readJsonlCorpus(file)), { file, line: 2, field }, shows);
    }
  });

  it('rejects a file with no documents', async () => {
    const file = writeTmp(tmpDir(), 'empty.jsonl', '\n\n');
    await expectInputError(collect(readJsonlCorpus(file)), { file }, 'no documents');
  });
});
