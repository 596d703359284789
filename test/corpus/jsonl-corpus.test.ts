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

  it('rejects a record whose text and title are both empty after trimming', async () => {
    const file = fixture('empty-text.jsonl');
    await expectInputError(
      collect(readJsonlCorpus(file)),
      { file, line: 2, field: 'text' },
      'expected a non-empty string, or a title to index in its place: the record has neither',
      'testbed index --skip-empty skips such records',
    );
    // With onEmpty (--skip-empty) it is skipped and named instead.
    const skipped: string[] = [];
    const docs = await collect(readJsonlCorpus(file, { onEmpty: (id) => skipped.push(id) }));
    expect(docs.map((d) => d.id)).toEqual(['a']);
    expect(skipped).toEqual(['b']);
  });

  it('reads a record with an empty text and a title (BEIR: CACM) with the title as its text', async () => {
    const file = writeTmp(
      tmpDir(),
      'title-only.jsonl',
      [
        '{"_id": "1", "title": "Preliminary report on a compiler", "text": ""}',
        '{"_id": "2", "title": "Extraction of roots", "text": "  \\n "}',
        '{"_id": "3", "text": "", "title": "Recursive functions"}',
      ].join('\n'),
    );
    // Not skipped by onEmpty either: it has content.
    const skipped: string[] = [];
    expect(await collect(readJsonlCorpus(file, { onEmpty: (id) => skipped.push(id) }))).toEqual([
      { id: '1', title: '', text: 'Preliminary report on a compiler' },
      { id: '2', title: '', text: 'Extraction of roots' },
      { id: '3', title: '', text: 'Recursive functions' },
    ]);
    expect(skipped).toEqual([]);
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
