import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { INDEX_CACHE_FOLDER, readingCachedIndex } from '../../src/experiments/index-cache.js';
import { InputError } from '../../src/errors.js';
import type { ExperimentReport } from '../../src/reports/report-model.js';
import { runCli } from '../helpers/cli.js';
import { corruptDataPages } from '../helpers/corrupt-pages.js';
import { timeBudget } from '../helpers/time-budget.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

// Issue 40: an index in the experiments' cache whose pages were damaged (a disk fault, a copy cut
// short) made `testbed experiment` fail with a SqliteError's stack trace, where search, retrieve
// and push say in one line which file is unreadable. A cached index is the cache's to remake:
// the run checks a cached index before reusing it, and rebuilds a damaged one, saying so.

const dir = tmpDir('corrupt-index-cache-');
const corpus = path.join(dir, 'tiny');
const cacheDir = path.join(dir, 'cache');
const configFile = path.join(dir, 'tiny.yaml');
let firstReport: ExperimentReport;

const run = (out: string) => runCli(['experiment', configFile, '--out', path.join(dir, out), '--cache-dir', cacheDir]);
const report = (out: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, out, 'report.json'), 'utf8')) as ExperimentReport;
const cachedIndexes = () =>
  fs
    .readdirSync(path.join(cacheDir, INDEX_CACHE_FOLDER))
    .filter((f) => f.endsWith('.sqlite'))
    .map((f) => path.join(cacheDir, INDEX_CACHE_FOLDER, f));

beforeAll(async () => {
  fs.cpSync(TINY_BEIR, corpus, { recursive: true });
  fs.writeFileSync(
    configFile,
    `name: tiny
corpus: ${corpus}
ks: [1, 3]
context_k: 1
metrics: [ndcg@3]
baseline: bm25
grid:
  chunkers: [structure:40]
  embedders: ['hash:64']
  retrievers:
    - { name: bm25, mode: bm25 }
    - { name: dense, mode: dense }
`,
  );
  const first = await run('first');
  expect(first.code, first.err).toBe(0);
  firstReport = report('first');
}, timeBudget(120_000));

describe('a damaged index in the experiments cache', () => {
  it(
    'is rebuilt, with one line on stderr naming the file, and the run scores as before',
    async () => {
      const [file] = cachedIndexes();
      expect(file).toBeDefined();
      expect(corruptDataPages(file!)).toBeGreaterThan(0);
      // Another output folder: no finished cell is reused, every one reads the index.
      const second = await run('second');
      expect(second.code, second.err).toBe(0);
      const notices = second.err.split('\n').filter((l) => l.includes(file!));
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatch(/damaged .*: rebuilding it/);
      expect(second.err).not.toMatch(/SqliteError|\n\s+at /);
      // The same index built again: the same rankings, so the same figures.
      expect(report('second').configs.map((c) => [c.name, c.means])).toEqual(
        firstReport.configs.map((c) => [c.name, c.means]),
      );
      // and the rebuilt file is whole: a third run reuses it without a word
      const third = await run('third');
      expect(third.code, third.err).toBe(0);
      expect(third.err).not.toContain(file!);
    },
    timeBudget(120_000),
  );

  it('met while the cells read it (damage the check before reuse missed, or done since), is one line naming the file', async () => {
    // What better-sqlite3 throws on a bad page: an Error with SQLite's result code.
    const malformed = Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' });
    const file = path.join(cacheDir, INDEX_CACHE_FOLDER, 'abc.sqlite');
    const err = await readingCachedIndex(file, async () => {
      throw malformed;
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toBe(
      `${file}: cached index is damaged: database disk image is malformed; delete the file and run again: the next run rebuilds it`,
    );
    // anything else goes on as it was
    const other = new Error('out of memory');
    await expect(
      readingCachedIndex(file, async () => {
        throw other;
      }),
    ).rejects.toBe(other);
  });
});
