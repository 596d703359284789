import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:net';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { beirPaths } from '../../src/corpus/beir-paths.js';
import { translateFsError } from '../../src/corpus/fs-errors.js';
import { openCorpus } from '../../src/corpus/open-corpus.js';
import { readLines } from '../../src/corpus/read-lines.js';
import { InputError, NotFoundError } from '../../src/errors.js';
import { runCli } from '../helpers/cli.js';
import { runChild } from '../helpers/run-child.js';
import { collect, expectInputError, tmpDir, writeTmp } from './helpers.js';

const DOC = '{"_id": "a", "text": "one document"}\n';
const hasMkfifo = (() => {
  try {
    execFileSync('mkfifo', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
// root reads a file whatever its mode, so only a non-root run can see EACCES for real.
const isRoot = process.getuid?.() === 0;

/** A BEIR-like folder whose corpus.jsonl links to itself: every open of it fails with ELOOP. */
function loopingCorpus(): { dir: string; file: string } {
  const dir = tmpDir();
  const file = join(dir, 'corpus.jsonl');
  symlinkSync('corpus.jsonl', file);
  return { dir, file };
}

function fifo(dir: string, name: string): string {
  const path = join(dir, name);
  execFileSync('mkfifo', [path]);
  return path;
}

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function socketAt(path: string): Promise<string> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((done) => server.listen(path, done));
  return path;
}

describe('corpus paths that cannot be read', () => {
  it('a self-symlinked corpus.jsonl is an InputError naming the file, not a raw ELOOP', async () => {
    const { dir, file } = loopingCorpus();
    const err = await expectInputError(openCorpus(dir), { file }, 'symbolic link loop');
    expect(err.message).not.toContain('ELOOP');
    await expectInputError(beirPaths(dir), { file }, 'symbolic link loop');
    await expectInputError(collect(readLines(file)), { file }, 'symbolic link loop');
  });

  it('the CLI reports the loop in one line with exit code 2 and no stack trace', async () => {
    const { dir, file } = loopingCorpus();
    const result = await runCli(['index', dir, '--out', join(tmpDir(), 'i.sqlite'), '--embedder', 'none']);
    expect(result.code).toBe(2);
    expect(result.err).toBe(`testbed index: ${file}: too many levels of symbolic links (a symbolic link loop)\n`);
  });

  it('a corpus.jsonl that is a folder is named as such, not reported as "no corpus.jsonl"', async () => {
    const dir = tmpDir();
    const file = join(dir, 'corpus.jsonl');
    mkdirSync(file);
    writeTmp(dir, 'notes.md', '# A note beside it\n'); // would otherwise make this a folder corpus
    await expectInputError(
      openCorpus(dir),
      { file },
      'expected a file but found a folder',
      'keeps its documents in the file corpus.jsonl',
    );
    await expectInputError(beirPaths(dir), { file }, 'expected a file but found a folder');
    await expectInputError(collect(readLines(file)), { file }, 'expected a file but found a folder');
  });

  it('a file where a BEIR folder (or its qrels folder) belongs is named as such', async () => {
    const dir = tmpDir();
    const corpus = writeTmp(dir, 'corpus.jsonl', DOC);
    await expectInputError(beirPaths(corpus), { file: corpus }, 'expected a folder but found a file');
    writeTmp(dir, 'queries.jsonl', '{"_id": "q", "text": "query"}\n');
    const qrels = writeTmp(dir, 'qrels', 'not a folder');
    await expectInputError(beirPaths(dir), { file: qrels }, 'expected a folder but found a file');
  });

  it('still reports what is simply missing as not found', async () => {
    const dir = tmpDir();
    await expect(openCorpus(join(dir, 'absent.jsonl'))).rejects.toBeInstanceOf(NotFoundError);
    await expect(collect(readLines(join(dir, 'absent.txt')))).rejects.toBeInstanceOf(NotFoundError);
    // ENOTDIR (a file where a parent folder should be) is "not there" too.
    const file = writeTmp(dir, 'plain.txt', 'x');
    await expect(collect(readLines(join(file, 'inside.txt')))).rejects.toBeInstanceOf(NotFoundError);
  });

  it.skipIf(!hasMkfifo)('refuses a FIFO instead of waiting for a writer forever', async () => {
    const dir = tmpDir();
    const beirFifo = fifo(dir, 'corpus.jsonl');
    await expectInputError(openCorpus(dir), { file: beirFifo }, 'expected a file but found a FIFO (named pipe)');
    const jsonlFifo = fifo(tmpDir(), 'docs.jsonl');
    await expectInputError(openCorpus(jsonlFifo), { file: jsonlFifo }, 'found a FIFO');
    await expectInputError(collect(readLines(jsonlFifo)), { file: jsonlFifo }, 'found a FIFO');
    const folder = tmpDir();
    writeTmp(folder, 'real.md', '# Real\n');
    const mdFifo = fifo(folder, 'piped.md');
    await expectInputError(openCorpus(folder), { file: mdFifo }, 'found a FIFO');
  });

  it('refuses a socket and a device', async () => {
    const socket = await socketAt(join(tmpDir(), 'docs.jsonl'));
    await expectInputError(openCorpus(socket), { file: socket }, 'expected a file but found a socket');
    await expectInputError(collect(readLines(socket)), { file: socket }, 'found a socket');
    if (existsSync('/dev/null')) {
      await expectInputError(
        openCorpus('/dev/null'),
        { file: '/dev/null' },
        'not a corpus',
        'found a character device',
      );
      // /dev/zero would never end: it must be refused before the first read.
      await expectInputError(collect(readLines('/dev/zero')), { file: '/dev/zero' }, 'found a character device');
    }
  });

  it('in a folder corpus, a looping .md symlink is an error while a dangling one is skipped', async () => {
    const dir = tmpDir();
    writeTmp(dir, 'kept.md', '# Kept\n');
    symlinkSync('nowhere.md', join(dir, 'dangling.md'));
    expect((await openCorpus(dir)).files).toEqual([join(dir, 'kept.md')]);
    const loop = join(dir, 'loop.md');
    symlinkSync('loop.md', loop);
    await expectInputError(openCorpus(dir), { file: loop }, 'symbolic link loop');
  });

  it('a file or folder without read permission is an InputError naming it', async () => {
    // Root reads any file whatever its mode: as root, the same reads run in a child as nobody.
    const base = mkdtempSync(join(tmpdir(), 'perm-'));
    chmodSync(base, 0o755);
    const file = writeTmp(base, 'corpus.jsonl', DOC);
    chmodSync(file, 0o000);
    const folder = join(base, 'locked');
    writeTmp(folder, 'a.md', '# A\n');
    chmodSync(folder, 0o000);
    try {
      if (!isRoot) {
        await expectInputError(collect(readLines(file)), { file }, 'permission denied');
        await expectInputError(openCorpus(folder), { file: folder }, 'permission denied');
        return;
      }
      const src = resolve(import.meta.dirname, '../../src/corpus');
      const script = `
        import { readLines } from ${JSON.stringify(join(src, 'read-lines.ts'))};
        import { openCorpus } from ${JSON.stringify(join(src, 'open-corpus.ts'))};
        const seen = [];
        try { for await (const _ of readLines(${JSON.stringify(file)})) {} seen.push('read'); } catch (e) { seen.push([e.name, e.where?.file, e.message]); }
        try { await openCorpus(${JSON.stringify(folder)}); seen.push('opened'); } catch (e) { seen.push([e.name, e.where?.file, e.message]); }
        console.log(JSON.stringify(seen));`;
      const child = await runChild(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        uid: 65534,
        gid: 65534,
        cwd: resolve(import.meta.dirname, '../..'),
      });
      expect(child.status, child.stderr).toBe(0);
      const [onFile, onFolder] = JSON.parse(child.stdout) as [string, string, string][];
      expect(onFile).toEqual(['InputError', file, expect.stringContaining('permission denied')]);
      expect(onFolder).toEqual(['InputError', folder, expect.stringContaining('permission denied')]);
    } finally {
      chmodSync(folder, 0o700); // so the temporary folder can be removed
      rmSync(base, { recursive: true, force: true });
    }
  });

  it('translates the permission and link codes for any file (so root runs check them too)', () => {
    for (const [code, text] of [
      ['EACCES', 'permission denied'],
      ['EPERM', 'permission denied'],
      ['ELOOP', 'symbolic link loop'],
      ['EISDIR', 'expected a file but found a folder'],
    ] as const) {
      const err = translateFsError(Object.assign(new Error(code), { code }), '/x/y.jsonl');
      expect(err).toBeInstanceOf(InputError);
      expect((err as InputError).message).toBe(`/x/y.jsonl: ${(err as InputError).detail}`);
      expect((err as InputError).detail).toContain(text);
    }
    const other = Object.assign(new Error('disk on fire'), { code: 'EIO' });
    expect(translateFsError(other, '/x')).toBe(other);
  });
});
