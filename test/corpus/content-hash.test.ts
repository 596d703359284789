import { cpSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src/errors.js';
import { hashFiles } from '../../src/corpus/content-hash.js';
import { listFolderFiles } from '../../src/corpus/folder-files.js';
import { fixture, tmpDir } from './helpers.js';

async function hashCopy(change?: (dir: string) => void): Promise<string> {
  const dir = tmpDir();
  cpSync(fixture('folder'), dir, { recursive: true });
  change?.(dir);
  return hashFiles(await listFolderFiles(dir));
}

describe('hashFiles', () => {
  it('is a sha256 hex that does not depend on where the corpus lives or the order given', async () => {
    const files = await listFolderFiles(fixture('folder'));
    const here = await hashFiles(files);
    expect(here).toMatch(/^[0-9a-f]{64}$/);
    expect(await hashFiles([...files].reverse())).toBe(here);
    expect(await hashCopy()).toBe(here);
  });

  it('changes when one byte changes', async () => {
    const before = await hashCopy();
    const after = await hashCopy((dir) =>
      writeFileSync(join(dir, 'notes.txt'), '# Not a heading in a text file\nPlain notes!\n'),
    );
    expect(after).not.toBe(before);
  });

  it('changes when a file is renamed, even with the same bytes', async () => {
    const before = await hashCopy();
    const after = await hashCopy((dir) => renameSync(join(dir, 'notes.txt'), join(dir, 'notes2.txt')));
    expect(after).not.toBe(before);
  });

  it('throws NotFoundError for a missing file', async () => {
    await expect(hashFiles([join(tmpDir(), 'gone.txt')])).rejects.toBeInstanceOf(NotFoundError);
  });
});
