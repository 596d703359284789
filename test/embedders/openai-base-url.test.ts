import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEmbedder } from '../../src/embedders/registry.js';
import { FAKE_DIMS, FakeOpenAIServer } from './fake-openai-server.js';

const fake = new FakeOpenAIServer();
beforeAll(() => fake.start());
afterAll(() => fake.close());
afterEach(() => vi.unstubAllEnvs());

describe('openai embedder: the base URL read by parseBaseUrl', () => {
  it('keeps its query string on every request, after /embeddings (Azure api-version)', async () => {
    for (const name of ['OPENAI_API_KEY', 'TESTBED_OPENAI_KEY_VAR']) vi.stubEnv(name, undefined);
    const embedder = (await createEmbedder(`openai:tiny@${fake.base}/?api-version=2024-02-01`))!;
    expect(embedder.dims).toBe(FAKE_DIMS);
    await embedder.embed(['a passage'], 'passage');
    expect(fake.requests.map((r) => r.path)).toEqual([
      '/v1/embeddings?api-version=2024-02-01',
      '/v1/embeddings?api-version=2024-02-01',
    ]);
  });
});
