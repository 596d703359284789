import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/indexing/build-index.js';
import { runCli } from '../helpers/cli.js';
import { timeBudget } from '../helpers/time-budget.js';
import { corruptDataPages } from '../helpers/corrupt-pages.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { startFakeEngine, type FakeEngine } from '../retrievers/helpers/fake-engine.js';

/**
 * An index whose data pages are damaged while its header, schema and metadata stay intact: it
 * opens, and only the command that reads a bad page finds out. Every CLI path that reads an
 * index as its INDEX argument (search in each mode, retrieve in each mode, push) answers with
 * one line naming the file and exit code 2, never a SqliteError's stack trace.
 */
const root = tmpDir('corrupt-index-cli-');
const file = path.join(root, 'broken.sqlite');
const queries = path.join(root, 'queries.jsonl');
let engine: FakeEngine;

beforeAll(async () => {
  await buildIndex({ corpus: TINY_BEIR, out: file, chunker: 'doc', embedder: 'hash:64' });
  corruptDataPages(file);
  fs.writeFileSync(queries, '{"_id": "q1", "text": "password reset"}\n');
  // An OpenSearch that has no such index yet and accepts what is created: push gets to reading chunks.
  engine = await startFakeEngine((req) => (req.method === 'HEAD' || req.method === 'GET' ? { status: 404 } : {}));
}, timeBudget(60_000));
afterAll(async () => {
  await engine.close();
});

const ONE_LINE = (command: string) =>
  new RegExp(
    `^testbed ${command}: ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: not a readable testbed index: database disk image is malformed; rebuild it, or replace the file with a complete copy\\n$`,
  );

describe('a damaged index on the command line', () => {
  it.each([['bm25'], ['dense'], ['hybrid']])(
    'search --mode %s: one line naming the file, exit 2',
    async (mode) => {
      const r = await runCli(['search', file, 'password reset', '--mode', mode]);
      expect(r.err).toMatch(ONE_LINE('search'));
      expect(r.code).toBe(2);
    },
    timeBudget(30_000),
  );

  it.each([['bm25'], ['dense']])(
    'retrieve --mode %s: one line naming the file, exit 2, no run file',
    async (mode) => {
      const run = path.join(root, `${mode}.trec`);
      const r = await runCli(['retrieve', file, '--mode', mode, '--queries', queries, '--run', run]);
      expect(r.err).toMatch(ONE_LINE('retrieve'));
      expect(r.code).toBe(2);
      expect(fs.existsSync(run)).toBe(false);
    },
    timeBudget(30_000),
  );

  it(
    'push: one line naming the file, exit 2',
    async () => {
      const r = await runCli(['push', file, '--to', 'opensearch', engine.url, '--name', 'broken', '--retries', '0']);
      expect(r.err).toMatch(ONE_LINE('push'));
      expect(r.code).toBe(2);
    },
    timeBudget(30_000),
  );
});
