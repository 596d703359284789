import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildJob } from '../../src/serving/builds/build-jobs.js';
import { createApp } from '../../src/http/app.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { JobQueue } from '../../src/serving/jobs/job-queue.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

/**
 * GET /indexes lists every index the server knows, not only the files on disk: a first build
 * that failed, one that runs, one queued behind it, and (after a restart) those the stopped
 * server was working on, each with its build's state. The running build reads its corpus from a
 * named pipe nobody writes to, so it stays running for as long as the test needs; one place in
 * the queue keeps the next one queued behind it.
 */
const root = tmpDir('list-builds-');
const corporaRoot = path.join(root, 'corpora');
const dataDir = path.join(root, 'data');
let first: IndexCatalog;
let second: IndexCatalog | undefined;

type Listed = { name: string; status: string; job: BuildJob | null };

beforeAll(() => {
  fs.cpSync(TINY_BEIR, path.join(corporaRoot, 'tiny'), { recursive: true });
  fs.mkdirSync(path.join(corporaRoot, 'bad'));
  fs.writeFileSync(path.join(corporaRoot, 'bad', 'corpus.jsonl'), '{"_id": "a", "text": "fine"}\nnot json\n');
  fs.mkdirSync(path.join(corporaRoot, 'pipe'));
  execFileSync('mkfifo', [path.join(corporaRoot, 'pipe', 'corpus.jsonl')]);
  first = new IndexCatalog(dataDir, { queue: new JobQueue(1) });
});
afterAll(async () => {
  await first.close();
  await second?.close();
});

const appOf = (catalog: IndexCatalog) => createApp({ catalog, corporaRoot });
const build = (catalog: IndexCatalog, name: string, corpus: string) =>
  appOf(catalog).request('/indexes', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, corpus, chunker: 'doc', embedder: 'none' }),
  });
const listed = async (catalog: IndexCatalog) => {
  const res = await appOf(catalog).request('/indexes');
  expect(res.status).toBe(200);
  return ((await res.json()) as { indexes: Listed[] }).indexes;
};
const states = (indexes: Listed[]) => indexes.map((i) => [i.name, i.status, i.job?.state ?? null]);

/** Waits for `probe` to hold; `what` names the wait in the test's code, read by people. */
async function until(_what: string, probe: () => Promise<boolean>): Promise<void> {
  // Polled until done, bounded by the test's timeout alone: a loaded machine is slow, not wrong.
  for (;;) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('GET /indexes while first builds fail, run and wait', () => {
  it('a failed first build is listed with its error', async () => {
    expect((await build(first, 'broken', 'bad')).status).toBe(202);
    await until('the build to fail', async () => (await listed(first)).some((i) => i.job?.state === 'failed'));
    const [broken] = await listed(first);
    expect(broken).toMatchObject({ name: 'broken', status: 'absent', job: { state: 'failed' } });
    expect(broken!.job!.error).toContain('corpus.jsonl');
  });

  it('a running and a queued first build are listed beside it, in name order', async () => {
    expect((await build(first, 'stuck', 'pipe')).status).toBe(202);
    await until('the build to run', async () => (await listed(first)).some((i) => i.job?.state === 'running'));
    expect((await build(first, 'waiting', 'tiny')).status).toBe(202);
    expect(states(await listed(first))).toEqual([
      ['broken', 'absent', 'failed'],
      ['stuck', 'absent', 'running'],
      ['waiting', 'absent', 'queued'],
    ]);
  });

  it('after the server stops, the next one lists the two it was working on as interrupted', async () => {
    await first.close();
    second = new IndexCatalog(dataDir, { queue: new JobQueue(1) });
    expect(states(await listed(second))).toEqual([
      ['broken', 'absent', 'failed'],
      ['stuck', 'absent', 'interrupted'],
      ['waiting', 'absent', 'interrupted'],
    ]);
  });
});
