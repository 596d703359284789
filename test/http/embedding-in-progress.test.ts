import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { startPendingEmbedding } from '../../src/serving/builds/vectors-pending.js';
import { IndexCatalog } from '../../src/serving/catalog/index-catalog.js';
import { IndexReader } from '../../src/store/index-reader.js';
import { FakeOpenAIServer } from '../embedders/fake-openai-server.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { browserGet } from '../web/helpers/web-fixture.js';

/**
 * `testbed serve --ensure` writes an index lexical-first and embeds it in a background build.
 * The build embeds through the in-test OpenAI server, which answers the embedder's dims probe
 * at once and holds every passage batch behind a gate the test opens: the states in between
 * (bm25 answering, dense and hybrid refused with the progress) are seen without any clock.
 */
const root = tmpDir('embedding-in-progress-');
const fake = new FakeOpenAIServer();
/** TINY_BEIR's documents, one chunk each (chunker doc). */
const TINY_CHUNKS = 12;
/** The embedder of the first test; the others name another model, so the embedding cache holds none of their vectors. */
let spec: string;
let opened: () => void = () => {};
const catalogs: IndexCatalog[] = [];

const isProbe = (input: unknown) => Array.isArray(input) && input.length === 1 && input[0] === 'dims probe';

beforeAll(async () => {
  await fake.start();
  spec = `openai:tiny@${fake.base}`;
  vi.stubEnv('TESTBED_OPENAI_KEY_VAR', 'EMBEDDING_PROGRESS_KEY');
  vi.stubEnv('EMBEDDING_PROGRESS_KEY', 'sk-embedding-progress-1');
});
afterAll(async () => {
  opened();
  for (const c of catalogs) await c.close();
  vi.unstubAllEnvs();
  await fake.close();
});

/** A data folder holding `tiny` written lexical-first, as serve --ensure writes it, to be embedded with `embedder`. */
async function lexicalFirst(name: string, embedder: string): Promise<string> {
  const dataDir = path.join(root, name);
  await buildIndex({
    corpus: TINY_BEIR,
    out: path.join(dataDir, 'tiny.sqlite'),
    chunker: 'doc',
    embedder: 'none',
    vectorsPending: embedder,
  });
  return dataDir;
}

/** Holds every passage batch until the returned function is called. */
function closeGate(): () => void {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  fake.hold = (input) => (isProbe(input) ? undefined : gate);
  opened = open;
  return open;
}

function catalogOf(dataDir: string): IndexCatalog {
  const catalog = new IndexCatalog(dataDir);
  catalogs.push(catalog);
  return catalog;
}

/**
 * Waits for `probe` to hold, bounded only by the test's timeout: a loaded machine is slow, not
 * wrong. A build that ended otherwise will never make it hold: that fails at once, with the
 * build's own error, instead of at the timeout.
 */
async function until(what: string, probe: () => boolean, catalog: IndexCatalog): Promise<void> {
  while (!probe()) {
    const job = catalog.builds.job('tiny');
    if (job && (job.state === 'failed' || job.state === 'interrupted'))
      throw new Error(`waiting for ${what}, the build ended ${job.state}: ${job.error}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const passageRequests = () => fake.inputs().filter((i) => !isProbe(i)).length;
const metaOf = (file: string) => {
  const reader = IndexReader.open(file);
  try {
    return reader.meta;
  } finally {
    reader.close();
  }
};
const buildingFiles = (dir: string) => fs.readdirSync(dir).filter((f) => f.includes('.building-'));

describe('an index embedding in the background', () => {
  it('answers bm25 at once, dense and hybrid with a 503 and the progress, and both once embedded', async () => {
    const dataDir = await lexicalFirst('served', spec);
    const catalog = catalogOf(dataDir);
    const app = createApp({ catalog, corporaRoot: path.join(root, 'corpora') });
    const open = closeGate();
    expect(startPendingEmbedding(catalog, 'tiny')).toBe(true);
    await until('the build to send its first batch', () => passageRequests() > 0, catalog);

    const bm25 = await app.request('/search/bm25?index=tiny&q=harbor');
    expect(bm25.status).toBe(200);
    for (const mode of ['dense', 'hybrid']) {
      const res = await app.request(`/search/${mode}?index=tiny&q=harbor`);
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      // Nothing embedded yet: the one batch of all twelve chunks waits at the gate.
      expect(await res.json()).toMatchObject({
        error: { code: 'embedding_in_progress' },
        embedded: 0,
        total: TINY_CHUNKS,
        eta_s: null,
      });
    }
    const listed = (await (await app.request('/indexes/tiny')).json()) as Record<string, unknown>;
    expect(listed).toMatchObject({ status: 'ready', meta: { embedder: null, vectorsPending: { embedder: spec } } });
    expect(listed.job).toMatchObject({ state: 'running' });
    // The playground's dense and hybrid columns show the progress instead of hits.
    const page = await (await browserGet(app, '/?index=tiny&q=harbor')).text();
    const column = (mode: string) => page.split(`data-mode="${mode}"`)[1]?.split('</section>')[0] ?? '';
    expect(column('dense')).toContain('0 of 12 chunks embedded');
    expect(column('bm25')).not.toContain('embedded');

    open();
    await until('the build to finish', () => catalog.builds.job('tiny')?.state === 'done', catalog);
    for (const mode of ['dense', 'hybrid'])
      expect((await app.request(`/search/${mode}?index=tiny&q=harbor`)).status).toBe(200);
    const meta = metaOf(path.join(dataDir, 'tiny.sqlite'));
    expect(meta.embedder?.id).toBe(spec);
    expect(meta.vectorsPending).toBeUndefined();
    expect(meta.counts.vectors).toBe(TINY_CHUNKS);
  });

  it('an index built lexical-only on purpose answers dense with its 400, not a 503', async () => {
    const dataDir = path.join(root, 'plain');
    await buildIndex({ corpus: TINY_BEIR, out: path.join(dataDir, 'tiny.sqlite'), chunker: 'doc', embedder: 'none' });
    const catalog = catalogOf(dataDir);
    expect(startPendingEmbedding(catalog, 'tiny')).toBe(false);
    const res = await createApp({ catalog, corporaRoot: root }).request('/search/dense?index=tiny&q=harbor');
    expect(res.status).toBe(400);
  });

  it('stopped half way, leaves the lexical index as it was and no temp file; the next start embeds again', async () => {
    const stoppedSpec = `openai:tiny-stopped@${fake.base}`;
    const dataDir = await lexicalFirst('stopped', stoppedSpec);
    const file = path.join(dataDir, 'tiny.sqlite');
    const first = catalogOf(dataDir);
    fake.reset();
    const open = closeGate();
    expect(startPendingEmbedding(first, 'tiny')).toBe(true);
    await until('the build to send its first batch', () => passageRequests() > 0, first);
    // The half-built index exists beside it: what stopping must not leave behind.
    expect(buildingFiles(dataDir).length).toBeGreaterThan(0);

    await first.close(); // what `testbed serve` does on SIGINT / SIGTERM
    expect(buildingFiles(dataDir)).toEqual([]);
    expect(first.builds.job('tiny')?.state).toBe('interrupted');
    const kept = metaOf(file);
    expect(kept.embedder).toBeNull();
    expect(kept.vectorsPending).toEqual({ embedder: stoppedSpec });

    const second = catalogOf(dataDir);
    expect(startPendingEmbedding(second, 'tiny')).toBe(true);
    open();
    await until('the second build to finish', () => second.builds.job('tiny')?.state === 'done', second);
    expect(metaOf(file).counts.vectors).toBe(TINY_CHUNKS);
    expect(startPendingEmbedding(second, 'tiny')).toBe(false);
  });
});
