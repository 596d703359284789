import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InputError, StorageFullError } from '../../src/errors.js';
import { appendLine } from '../../src/gold/append-line.js';
import { type DiskFault, type FullDisk, injectFullDisk } from '../helpers/full-disk.js';
import { tmpDir } from '../helpers/tmp.js';

// The gold additions' appender on a full disk: whatever the disk did to the write (refused it,
// took half of it, took half and failed, or failed the fsync), the call fails with a
// StorageFullError and the file is byte for byte what it was, so no torn line is left and
// nothing unacknowledged stays behind.

const root = tmpDir('append-full-');
const BEFORE = '{"query_id":"q1","doc_id":"d1","grade":1}\n';
let disk: FullDisk | undefined;
afterEach(() => {
  disk?.restore();
  disk = undefined;
});

function fresh(name: string, text = BEFORE): string {
  const file = path.join(root, name);
  fs.writeFileSync(file, text);
  return file;
}

describe('appendLine on a full disk', () => {
  for (const fault of ['enospc', 'short', 'half-then-enospc'] as DiskFault[]) {
    it(`a write answered "${fault}" is a StorageFullError and leaves the file as it was`, async () => {
      const file = fresh(`${fault}.jsonl`);
      disk = await injectFullDisk(() => fault);
      const err = await appendLine(file, '{"query_id":"q2","doc_id":"d2","grade":2}').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StorageFullError);
      expect((err as StorageFullError).status).toBe(507);
      expect(fs.readFileSync(file, 'utf8')).toBe(BEFORE);
    });
  }

  it('an fsync that fails leaves nothing behind: the line was never acknowledged', async () => {
    const file = fresh('fsync.jsonl');
    disk = await injectFullDisk(
      () => 'ok',
      () => true,
    );
    const err = await appendLine(file, '{"query_id":"q2","doc_id":"d2","grade":2}').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageFullError);
    expect(fs.readFileSync(file, 'utf8')).toBe(BEFORE);
  });

  it('after a failed write the next one lands whole, right after the last whole line', async () => {
    const file = fresh('after.jsonl');
    let calls = 0;
    disk = await injectFullDisk(() => (calls++ === 0 ? 'half-then-enospc' : 'ok'));
    await expect(appendLine(file, '{"lost":1}')).rejects.toBeInstanceOf(StorageFullError);
    await appendLine(file, '{"kept":2}');
    expect(fs.readFileSync(file, 'utf8')).toBe(`${BEFORE}{"kept":2}\n`);
  });
});

describe('appendLine and symbolic links', () => {
  it('refuses to append through a symbolic link, naming it, and leaves the file it points at alone', async () => {
    const outside = fresh('outside.txt', 'not yours\n');
    const link = path.join(root, 'linked.additions.jsonl');
    fs.symlinkSync(outside, link);
    const err = await appendLine(link, '{"query_id":"q2"}').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).where.file).toBe(link);
    expect((err as InputError).message).toMatch(/symbolic link/);
    expect(fs.readFileSync(outside, 'utf8')).toBe('not yours\n');
  });
});
