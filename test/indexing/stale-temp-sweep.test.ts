import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/indexing/build-index.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { writeGeneratedCorpus } from '../robustness/helpers/generated-corpus.js';
import { timeBudget } from '../helpers/time-budget.js';
import { setFileTimeouts } from '../helpers/file-timeouts.js';

/**
 * A `testbed index` killed mid-build (SIGKILL: no exit hook runs) leaves its `.building-PID-*`
 * temp file beside the index. Whoever made it, it is swept once its owner process is gone: when a
 * server starts on the folder, and when any build starts in it (another name included). A temp
 * file whose owner still runs is another build in progress, and is kept.
 */
setFileTimeouts({ testTimeout: timeBudget(120_000) });
const BIN = path.resolve(import.meta.dirname, '../../bin/testbed.js');
const root = tmpDir('stale-temp-');
const dataDir = path.join(root, 'data');
const corpus = path.join(root, 'big.jsonl');
let live: ChildProcess;
let liveTemp = '';

beforeAll(() => {
  writeGeneratedCorpus(corpus, 30_000);
  fs.mkdirSync(dataDir, { recursive: true });
  // A process that is alive for the whole test, owning a temp file of a build it "runs".
  live = spawn('sleep', ['300'], { stdio: 'ignore' });
  liveTemp = `kept.sqlite.building-${live.pid}-abc123`;
  fs.writeFileSync(path.join(dataDir, liveTemp), 'in progress');
});
afterAll(() => {
  live.kill('SIGKILL');
});

const temps = () => fs.readdirSync(dataDir).filter((f) => f.includes('.building-'));

/**
 * Starts `testbed index` into the data folder, SIGKILLs it once its temp file exists, and returns
 * the prefix of its files (the temp file, and SQLite's files beside it, which come and go).
 */
async function killedCliBuild(name: string): Promise<string> {
  const child = spawn(
    process.execPath,
    [
      BIN,
      'index',
      corpus,
      '--out',
      path.join(dataDir, `${name}.sqlite`),
      '--chunker',
      'doc',
      '--embedder',
      'none',
      '--tokenizer',
      'unicode61',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<string | number | null>((resolve) =>
    child.once('exit', (code, sig) => resolve(sig ?? code)),
  );
  const prefix = `${name}.sqlite.building-${child.pid}-`;
  // The temp file itself: `<prefix><rand>`, without a suffix.
  const isTemp = (f: string) => f.startsWith(prefix) && /^[a-z0-9]+$/.test(f.slice(prefix.length));
  for (let i = 0; i < 4000 && !temps().some(isTemp); i++) await new Promise((r) => setTimeout(r, 10));
  expect(temps().filter(isTemp), 'the build made its temp file').toHaveLength(1);
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  // SIGKILL runs no exit hook: the file is still there.
  expect(temps().filter(isTemp)).toHaveLength(1);
  return prefix;
}

describe('stale .building-* files of a killed CLI build', () => {
  it('are swept when a build of another name starts in the folder; a live owner’s file is kept', async () => {
    const left = await killedCliBuild('big');
    await buildIndex({ corpus: TINY_BEIR, out: path.join(dataDir, 'small.sqlite'), chunker: 'doc', embedder: 'none' });
    expect(temps().filter((f) => f.startsWith(left))).toEqual([]);
    expect(temps()).toEqual([liveTemp]);
  });

  it('are swept when a server starts on the folder; a live owner’s file is kept', async () => {
    const left = await killedCliBuild('huge');
    const catalog = new IndexCatalog(dataDir);
    try {
      expect(temps().filter((f) => f.startsWith(left))).toEqual([]);
      expect(temps()).toEqual([liveTemp]);
    } finally {
      await catalog.close();
    }
  });
});
