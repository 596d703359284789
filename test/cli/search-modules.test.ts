import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { runChild } from '../helpers/run-child.js';
import { DEMO_CORPUS, TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { timeBudget } from '../helpers/time-budget.js';

const BIN = path.resolve(import.meta.dirname, '../../bin/testbed.js');

// A CLI search is meant to answer in under half a second, and loading the language detector's
// n-gram tables alone takes about 0.4 s: a search whose query needs no language (english
// tokenizer, or terms that read the same in every language of a multilingual index) must not
// load it, and one whose terms depend on the language must load it and answer.
describe('which modules a CLI search loads', () => {
  const dir = tmpDir('search-modules-');
  const indexes = { english: path.join(dir, 'english.sqlite'), multilingual: path.join(dir, 'multi.sqlite') };
  // The demo corpus holds English, German, Spanish, French and Japanese pages.
  const corpora = { english: TINY_BEIR, multilingual: DEMO_CORPUS };

  beforeAll(async () => {
    for (const [tokenizer, out] of Object.entries(indexes)) {
      const corpus = corpora[tokenizer as keyof typeof corpora];
      const built = await runCli(['index', corpus, '--out', out, '--embedder', 'none', '--tokenizer', tokenizer]);
      expect(built.code, built.err).toBe(0);
    }
    // A module-loading hook that appends every URL it loads to $LOADED_LOG.
    fs.writeFileSync(
      path.join(dir, 'hook.mjs'),
      `import fs from 'node:fs';
export async function load(url, context, next) {
  fs.appendFileSync(process.env.LOADED_LOG, url + '\\n');
  return next(url, context);
}\n`,
    );
    fs.writeFileSync(
      path.join(dir, 'register.mjs'),
      `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${path.join(dir, 'hook.mjs')}`)});\n`,
    );
  });

  /** Runs `testbed search INDEX QUERY --mode bm25` in a child; its stdout and the URLs it loaded. */
  async function search(index: string, query: string) {
    const log = path.join(dir, `loaded-${path.basename(index)}.txt`);
    fs.rmSync(log, { force: true });
    const r = await runChild(
      process.execPath,
      ['--import', path.join(dir, 'register.mjs'), BIN, 'search', index, query, '--mode', 'bm25'],
      { env: { ...process.env, LOADED_LOG: log }, timeout: timeBudget(60_000) },
    );
    expect(r.status, r.stderr).toBe(0);
    return { out: r.stdout, loaded: fs.readFileSync(log, 'utf8').trim().split('\n') };
  }

  it('english: answers without loading eld', async () => {
    const { out, loaded } = await search(indexes.english, 'reset my password');
    expect(out).toMatch(/^bm25 "reset my password"/);
    expect(loaded.some((u) => u.includes('/dist/retrievers/postings-bm25.js'))).toBe(true);
    expect(loaded.filter((u) => u.includes('/node_modules/eld/'))).toEqual([]);
  });

  it('multilingual, a query English stems ("running shoes"): loads eld, then answers', async () => {
    const { out, loaded } = await search(indexes.multilingual, 'running shoes');
    expect(out).toMatch(/^bm25 "running shoes"/);
    expect(loaded.some((u) => u.includes('/node_modules/eld/'))).toBe(true);
  });

  it('multilingual, an error code ("error E1042") reads the same in every language: answers without eld', async () => {
    const { out, loaded } = await search(indexes.multilingual, 'error E1042');
    expect(out).toMatch(/^bm25 "error E1042"/);
    expect(out).toContain('error-e1042');
    expect(loaded.filter((u) => u.includes('/node_modules/eld/'))).toEqual([]);
  });
});
