import { afterAll, beforeAll, vi } from 'vitest';
import { createEmbedder } from '../../src/embedders/registry.js';
import type { Embedder } from '../../src/embedders/types.js';
import { embedderContract } from './contract.js';
import { FakeOpenAIServer } from './fake-openai-server.js';

// The contract every embedder passes, against the in-test /v1/embeddings server. It is
// started here, before the suites' own hooks make their embedders.
const fake = new FakeOpenAIServer();
beforeAll(async () => {
  await fake.start();
  vi.stubEnv('TESTBED_OPENAI_KEY_VAR', undefined);
  vi.stubEnv('OPENAI_API_KEY', undefined);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await fake.close();
});

const make = async (model: string): Promise<Embedder> => (await createEmbedder(`openai:${model}@${fake.base}`))!;

embedderContract({
  name: 'openai (in-test server, no prefix)',
  make: () => make('tiny-model'),
  asymmetric: false,
  // Documented in openai.ts: a blank text is not sent and gets the zero vector.
  encodesAsZero: (text) => text.trim() === '',
});

// A model named as e5 gets "query: " / "passage: ", so no text is blank once prefixed.
embedderContract({
  name: 'openai (in-test server, e5 prefixes)',
  make: () => make('intfloat/e5-small-v2'),
  asymmetric: true,
});
