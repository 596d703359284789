import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readFolderCorpus } from '../../src/corpus/folder-corpus.js';
import { listFolderFiles } from '../../src/corpus/folder-files.js';
import { collect, expectInputError, fixture, tmpDir, writeTmp } from './helpers.js';

const FOLDER = fixture('folder');

describe('listFolderFiles', () => {
  it('lists .md/.markdown/.txt files recursively, sorted, skipping hidden entries and other types', async () => {
    expect(await listFolderFiles(FOLDER)).toEqual([
      fixture('folder', 'guide.md'),
      fixture('folder', 'nested', 'plain.md'),
      fixture('folder', 'nested', 'setup.markdown'),
      fixture('folder', 'notes.txt'),
    ]);
  });
});

describe('readFolderCorpus', () => {
  it('uses relative paths as ids and the first heading (or the file name) as title', async () => {
    const docs = await collect(readFolderCorpus(FOLDER));
    expect(docs.map(({ id, title }) => ({ id, title }))).toEqual([
      // Front matter and a fenced shell comment come first in guide.md; neither is a heading.
      { id: 'guide.md', title: 'Getting started' },
      { id: 'nested/plain.md', title: 'plain' },
      { id: 'nested/setup.markdown', title: 'Setup steps' },
      // A "# ..." line in a .txt file is text, not a heading.
      { id: 'notes.txt', title: 'notes' },
    ]);
  });

  it('keeps the text exactly as in the file, CRLF included', async () => {
    const dir = tmpDir();
    writeTmp(dir, 'crlf.md', '# Windows\r\n\r\nLine one.\r\nLine two.\r\n');
    const [doc] = await collect(readFolderCorpus(dir));
    expect(doc?.title).toBe('Windows');
    expect(doc?.text).toBe('# Windows\r\n\r\nLine one.\r\nLine two.\r\n');
    const [guide] = await collect(readFolderCorpus(FOLDER));
    expect(guide?.text).toBe(readFileSync(fixture('folder', 'guide.md'), 'utf8'));
  });

  it('rejects an empty (or whitespace-only) file', async () => {
    const dir = tmpDir();
    writeTmp(dir, 'a.md', '# Fine\n');
    const file = writeTmp(dir, 'b.txt', ' \n\n');
    await expectInputError(collect(readFolderCorpus(dir)), { file, field: 'text' }, 'file is empty');
  });

  it('rejects invalid UTF-8 naming the file and the line', async () => {
    const dir = tmpDir();
    const file = writeTmp(
      dir,
      'latin1.txt',
      Buffer.concat([Buffer.from('line one\nline two\n'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])]),
    );
    await expectInputError(collect(readFolderCorpus(dir)), { file, line: 3 }, 'not valid UTF-8');
  });
});
