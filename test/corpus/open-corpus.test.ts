import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src/errors.js';
import { openCorpus } from '../../src/corpus/open-corpus.js';
import { collect, expectInputError, fixture, TINY_BEIR, tmpDir, writeTmp } from './helpers.js';

describe('openCorpus', () => {
  it('opens a folder holding corpus.jsonl as BEIR', async () => {
    const source = await openCorpus(TINY_BEIR);
    expect(source.kind).toBe('beir');
    expect(source.path).toBe(TINY_BEIR);
    expect(source.files).toEqual([join(TINY_BEIR, 'corpus.jsonl')]);
    expect((await collect(source.docs())).length).toBe(12);
  });

  it('opens any other folder as a folder of text files, listing them sorted', async () => {
    const source = await openCorpus(fixture('folder'));
    expect(source.kind).toBe('folder');
    expect(source.files).toEqual([
      fixture('folder', 'guide.md'),
      fixture('folder', 'nested', 'plain.md'),
      fixture('folder', 'nested', 'setup.markdown'),
      fixture('folder', 'notes.txt'),
    ]);
    const ids = (await collect(source.docs())).map((d) => d.id);
    expect(ids).toEqual(['guide.md', 'nested/plain.md', 'nested/setup.markdown', 'notes.txt']);
  });

  it('opens .jsonl, .json and .ndjson files as JSON Lines, and can read them twice', async () => {
    const dir = tmpDir();
    for (const name of ['c.jsonl', 'c.json', 'c.NDJSON']) {
      const file = writeTmp(dir, name, '{"_id": "only", "text": "one doc"}\n');
      const source = await openCorpus(file);
      expect(source).toMatchObject({ kind: 'jsonl', path: file, files: [file] });
      expect((await collect(source.docs())).map((d) => d.id)).toEqual(['only']);
      expect((await collect(source.docs())).map((d) => d.id)).toEqual(['only']);
    }
  });

  it('throws NotFoundError for a missing path', async () => {
    await expect(openCorpus(join(tmpDir(), 'nope'))).rejects.toBeInstanceOf(NotFoundError);
  });

  it('rejects a file of another type and a folder with no documents', async () => {
    const dir = tmpDir();
    const csv = writeTmp(dir, 'docs.csv', 'a,b\n');
    await expectInputError(openCorpus(csv), { file: csv }, 'not a corpus');
    const hiddenOnly = join(dir, 'hidden-only');
    writeTmp(dir, 'hidden-only/.draft.md', '# Draft\n');
    await expectInputError(openCorpus(hiddenOnly), { file: hiddenOnly }, 'no corpus.jsonl');
  });
});
