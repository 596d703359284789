import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { runExperiment } from '../../src/experiments/runner.js';
import type { SearchResponse } from '../../src/search/types.js';
import { IndexReader } from '../../src/store/index-reader.js';
import { runCli } from '../helpers/cli.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { FakeOpenAIServer } from './fake-openai-server.js';

/**
 * The openai embedder end to end: `testbed index` embeds through the in-test server, a dense
 * search embeds the query there too, and a second build and an experiment over the same corpus
 * find every passage vector in the shared embedding cache, so the server sees no passage again.
 */
const fake = new FakeOpenAIServer();
const dir = tmpDir('openai-index-');
const cacheDir = path.join(dir, 'cache');
const KEY = 'sk-index-test-789';
let spec: string;
/** Every text the first build sent, the probe aside. */
let passages: Set<string>;

beforeAll(async () => {
  await fake.start();
  spec = `openai:tiny@${fake.base}`;
  vi.stubEnv('TESTBED_OPENAI_KEY_VAR', 'INDEX_TEST_KEY');
  vi.stubEnv('INDEX_TEST_KEY', KEY);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await fake.close();
});

const indexArgs = (out: string) => [
  'index',
  TINY_BEIR,
  '--out',
  out,
  '--embedder',
  spec,
  '--chunker',
  'structure:40',
  '--cache-dir',
  cacheDir,
];
const isProbe = (input: string[]) => input.length === 1 && input[0] === 'dims probe';

describe('testbed index --embedder openai:...', () => {
  const file = path.join(dir, 'first.sqlite');

  it('builds an index whose every chunk was embedded by the server, recording the spec and no key', async () => {
    const res = await runCli(indexArgs(file));
    expect(res.code, res.err).toBe(0);
    const reader = IndexReader.open(file);
    const meta = reader.meta;
    reader.close();
    expect(meta.embedder).toEqual({ id: spec, dims: 24, maxTokens: 512 });
    const sent = fake.inputs().filter((i) => !isProbe(i));
    passages = new Set(sent.flat());
    expect(passages.size).toBe(meta.counts.chunks);
    expect(meta.build.embeddings).toEqual({ fromCache: 0, embedded: meta.counts.chunks });
    for (const r of fake.requests) expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(fs.readFileSync(file).includes(KEY)).toBe(false);
  });

  it('answers a dense search with the query embedded by the same server', async () => {
    // A passage's own embedded text as the query: its vector is the passage's, cosine 1.
    const target = [...passages].find((t) => t.includes('port 7400'))!;
    fake.reset();
    const res = await runCli(['search', file, target, '--mode', 'dense', '--json']);
    expect(res.code, res.err).toBe(0);
    const answer = JSON.parse(res.out) as SearchResponse;
    expect(fake.inputs().filter((i) => !isProbe(i))).toEqual([[target]]);
    const top = answer.hits[0]!;
    expect(top.score).toBeCloseTo(1, 5);
    expect(target).toBe(`${top.title}\n\n${top.text}`);
    expect(answer.hits[1]!.score).toBeLessThan(0.9999);
  });

  it('a second build of the same corpus sends no passage to the server: the shared cache has them all', async () => {
    fake.reset();
    const second = path.join(dir, 'second.sqlite');
    const res = await runCli(indexArgs(second));
    expect(res.code, res.err).toBe(0);
    expect(fake.inputs()).toEqual([['dims probe']]);
    const reader = IndexReader.open(second);
    expect(reader.meta.build.embeddings).toEqual({ fromCache: passages.size, embedded: 0 });
    reader.close();
  });

  it('an experiment over the same corpus embeds only its queries, and its report holds no key', async () => {
    fake.reset();
    const out = path.join(dir, 'report');
    const config = parseExperimentConfig(`name: openai-cache
corpus: ${TINY_BEIR}
ks: [1, 3]
context_k: 1
rerank_depth: 3
metrics: [ndcg@3]
output: ${out}
grid:
  chunkers: [structure:40]
  embedders: ['${spec}']
  retrievers:
    - { name: dense, mode: dense }
`);
    const { report } = await runExperiment(config, { cacheDir });
    const queries = fs
      .readFileSync(path.join(TINY_BEIR, 'queries.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { text: string }).text);
    const sent = fake
      .inputs()
      .filter((i) => !isProbe(i))
      .flat();
    expect(sent.filter((t) => passages.has(t))).toEqual([]);
    expect([...new Set(sent)].sort()).toEqual([...queries].sort());
    expect(report.configs[0]!.name).toBe('dense');
    expect(JSON.stringify(report)).not.toContain(KEY);
  });
});
