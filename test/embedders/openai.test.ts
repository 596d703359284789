import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmbedder } from '../../src/embedders/registry.js';
import type { Embedder } from '../../src/embedders/types.js';
import { InputError } from '../../src/errors.js';
import { RemoteError } from '../../src/remote/remote-error.js';
import { countFetches, WaveGate } from '../helpers/request-waves.js';
import { FAKE_DIMS, FakeOpenAIServer, rawVector } from './fake-openai-server.js';

const fake = new FakeOpenAIServer();
beforeAll(() => fake.start());
afterAll(() => fake.close());

beforeEach(() => {
  fake.reset();
  // Retries wait 1 ms, not half a second; no key from the shell running the tests leaks in.
  vi.stubEnv('TESTBED_OPENAI_BACKOFF_MS', '1');
  for (const name of [
    'OPENAI_API_KEY',
    'TESTBED_OPENAI_KEY_VAR',
    'TESTBED_OPENAI_KEY_ORIGIN',
    'TESTBED_OPENAI_BATCH',
    'TESTBED_OPENAI_MAX_CHARS',
    'TESTBED_OPENAI_CONCURRENCY',
    'TESTBED_OPENAI_RETRIES',
    'TESTBED_OPENAI_MAX_TOKENS',
  ]) {
    vi.stubEnv(name, undefined);
  }
});
afterEach(() => vi.unstubAllEnvs());

const spec = (model = 'tiny', suffix = '') => `openai:${model}@${fake.base}${suffix}`;
/** An embedder made before the test's own requests: the probe is dropped from the record. */
const made = async (model = 'tiny', suffix = ''): Promise<Embedder> => {
  const e = (await createEmbedder(spec(model, suffix)))!;
  fake.reset();
  return e;
};

/** What the client must return for a text: the server's raw vector divided by its length. */
function unit(text: string, dims = FAKE_DIMS): number[] {
  const raw = rawVector(text, dims);
  const length = Math.sqrt(raw.reduce((s, x) => s + x * x, 0));
  return raw.map((x) => x / length);
}

function expectVector(actual: Float32Array, expected: number[]): void {
  expect(actual).toHaveLength(expected.length);
  expected.forEach((x, k) => expect(actual[k]).toBeCloseTo(x, 6));
}

const texts = (n: number) => Array.from({ length: n }, (_, i) => `text number ${i}`);

describe('openai embedder: creation', () => {
  it('probes the endpoint once, learning dims from the answer; the id is the spec', async () => {
    const e = (await createEmbedder(spec()))!;
    expect(fake.inputs()).toEqual([['dims probe']]);
    expect(e.dims).toBe(FAKE_DIMS);
    expect(e.id).toBe(spec());
    // Not an OpenAI model: its limit is unknown, and the documented fallback is 512.
    expect(e.maxTokens).toBe(512);
  });

  it("knows OpenAI's published 8191-token limit, and TESTBED_OPENAI_MAX_TOKENS overrides any", async () => {
    expect((await made('text-embedding-3-small')).maxTokens).toBe(8191);
    vi.stubEnv('TESTBED_OPENAI_MAX_TOKENS', '2048');
    expect((await made('text-embedding-3-small')).maxTokens).toBe(2048);
  });

  it('sends dimensions when the spec names them, and refuses a server that ignores them', async () => {
    const e = (await createEmbedder(spec('text-embedding-3-small', '#dimensions=8')))!;
    expect(e.dims).toBe(8);
    expect(e.id).toBe(spec('text-embedding-3-small', '#dimensions=8'));
    const { vectors } = await e.embed(['short'], 'passage');
    expect(fake.requests.map((r) => r.body.dimensions)).toEqual([8, 8]);
    expectVector(vectors[0]!, unit('short', 8));
    await expect(createEmbedder(spec('fixed-width', '#dimensions=8'))).rejects.toThrow(
      /asked for dimensions=8, the vector has 24 numbers/,
    );
  });

  it('fails at once, naming itself and the endpoint, when nothing listens there', async () => {
    vi.stubEnv('TESTBED_OPENAI_RETRIES', '0');
    const closed = new FakeOpenAIServer();
    await closed.start();
    const base = closed.base;
    await closed.close();
    const err = await createEmbedder(`openai:tiny@${base}`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RemoteError);
    expect((err as Error).message).toBe(
      `embedder openai:tiny@${base}: POST ${base}/embeddings: request failed (ECONNREFUSED)`,
    );
  });
});

describe('openai embedder: requests and vectors', () => {
  it('posts {model, input} as JSON to <base-url>/embeddings and returns the vectors L2-normalised', async () => {
    const e = await made();
    const batch = ['alpha', 'beta gamma'];
    const { vectors, truncated } = await e.embed(batch, 'passage');
    expect(fake.requests).toHaveLength(1);
    const [req] = fake.requests;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/v1/embeddings');
    expect(req!.headers['content-type']).toBe('application/json');
    expect(req!.body).toEqual({ model: 'tiny', input: batch });
    // The server's vectors are far from unit length: normalising is the client's job.
    expect(Math.hypot(...rawVector('alpha'))).toBeGreaterThan(100);
    batch.forEach((t, i) => expectVector(vectors[i]!, unit(t)));
    expect(truncated).toEqual([false, false]);
  });

  it('places each vector by its index when the server answers data in another order', async () => {
    const e = await made();
    fake.reverse = true;
    const batch = texts(5);
    const { vectors } = await e.embed(batch, 'passage');
    batch.forEach((t, i) => expectVector(vectors[i]!, unit(t)));
  });

  it('sends 64 inputs a request by default, and TESTBED_OPENAI_BATCH per request when set, in order', async () => {
    const e = await made();
    const many = texts(130);
    const { vectors } = await e.embed(many, 'passage');
    expect(fake.inputs().map((i) => i.length)).toEqual([64, 64, 2]);
    expect(fake.inputs().flat()).toEqual(many);
    many.forEach((t, i) => expectVector(vectors[i]!, unit(t)));

    vi.stubEnv('TESTBED_OPENAI_BATCH', '4');
    const small = await made();
    await small.embed(texts(10), 'passage');
    expect(fake.inputs()).toEqual([texts(10).slice(0, 4), texts(10).slice(4, 8), texts(10).slice(8)]);
  });

  it('caps the characters of a request at TESTBED_OPENAI_MAX_CHARS; a longer text goes alone', async () => {
    vi.stubEnv('TESTBED_OPENAI_MAX_CHARS', '25');
    const e = await made();
    const [a, b, c, long, d] = ['a'.repeat(10), 'b'.repeat(10), 'c'.repeat(10), 'L'.repeat(30), 'd'.repeat(5)];
    await e.embed([a!, b!, c!, long!, d!], 'passage');
    // 10 + 10 = 20 fits; a third 10 would make 30 > 25; the 30-character text exceeds the cap on
    // its own and is sent alone; 30 + 5 would exceed it again.
    expect(fake.inputs()).toEqual([[a, b], [c], [long], [d]]);
  });

  it('keeps at most TESTBED_OPENAI_CONCURRENCY requests in flight, and does use that many', async () => {
    const fetches = countFetches();
    try {
      vi.stubEnv('TESTBED_OPENAI_BATCH', '1');
      vi.stubEnv('TESTBED_OPENAI_CONCURRENCY', '2');
      const two = await made();
      fetches.reset();
      const pairs = new WaveGate(2, 6);
      fake.hold = pairs.hold;
      await two.embed(texts(6), 'passage');
      expect(fake.requests).toHaveLength(6);
      expect(pairs.waves).toBe(6 / 2);
      expect(fetches.peak()).toBe(2);

      vi.stubEnv('TESTBED_OPENAI_CONCURRENCY', undefined);
      fake.hold = undefined; // the next embedder's probe is answered at once
      const byDefault = await made();
      fetches.reset();
      // The default, 8: the same as a remote leg's. Ten texts: a wave of 8, then one of 2.
      const eights = new WaveGate(8, 10);
      fake.hold = eights.hold;
      await byDefault.embed(texts(10), 'passage');
      expect(fake.requests).toHaveLength(10);
      expect(eights.waves).toBe(2);
      expect(fetches.peak()).toBe(8);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('does not send blank texts (OpenAI refuses empty inputs): they get the zero vector', async () => {
    const e = await made();
    const { vectors } = await e.embed(['', 'word', ' \n\t'], 'query');
    expect(fake.inputs()).toEqual([['word']]);
    expect(Array.from(vectors[0]!)).toEqual(new Array(FAKE_DIMS).fill(0));
    expect(Array.from(vectors[2]!)).toEqual(new Array(FAKE_DIMS).fill(0));
    expectVector(vectors[1]!, unit('word'));
    expect(await e.embed([''], 'passage')).toEqual({ vectors: [new Float32Array(FAKE_DIMS)], truncated: [false] });
    expect(fake.requests).toHaveLength(1);
  });

  it('refuses an all-zero vector the server sends for a text it was sent, quoting the text', async () => {
    const e = await made();
    // The server zeroes the second of three inputs: a broken model or gateway, not a blank text.
    fake.script = [
      (answer) => ({
        ...answer,
        data: answer.data.map((d) => (d.index === 1 ? { ...d, embedding: d.embedding.map(() => 0) } : d)),
      }),
    ];
    const err = await e
      .embed(['first text', 'the second document, about aeroelastic models', 'third'], 'passage')
      .catch((x: unknown) => x);
    expect(err).toBeInstanceOf(RemoteError);
    expect((err as RemoteError).message).toContain(
      'input 1 of 3 ("the second document, about aeroelastic models") got an all-zero vector',
    );
  });

  it('prefixes queries and passages as the model family wants (an Ollama :tag does not hide the family)', async () => {
    const e5 = await made('intfloat/e5-small-v2');
    await e5.embed(['hello'], 'query');
    await e5.embed(['hello'], 'passage');
    expect(fake.inputs()).toEqual([['query: hello'], ['passage: hello']]);
    const bge = await made('bge-small-en-v1.5:latest');
    await bge.embed(['hello'], 'query');
    await bge.embed(['hello'], 'passage');
    expect(fake.inputs()).toEqual([['Represent this sentence for searching relevant passages: hello'], ['hello']]);
  });

  it('flags a text truncated only when it has more words than the model reads tokens', async () => {
    vi.stubEnv('TESTBED_OPENAI_MAX_TOKENS', '3');
    const e = await made();
    const { truncated } = await e.embed(['one two three', 'one two three four', '- - - -', 'a-b-c-d-e-f'], 'passage');
    // Four words need at least four tokens; punctuation alone may be dropped by a tokenizer,
    // and one hyphenated word may be few tokens: neither is known to be over the limit.
    expect(truncated).toEqual([false, true, false, false]);
  });

  it('claims no cut under a guessed limit: an unknown model (512 assumed) says so and flags nothing, a known one flags', async () => {
    const long = Array.from({ length: 600 }, (_, i) => `w${i}`).join(' ');
    const unknown = await made('my-served-model');
    expect(unknown.maxTokens).toBe(512);
    expect(unknown.maxTokensAssumed).toBe(true);
    // 600 words > 512, but the server read the text whole or cut it: not known, so not claimed.
    expect((await unknown.embed([long], 'passage')).truncated).toEqual([false]);
    const published = await made('text-embedding-3-small');
    expect(published.maxTokensAssumed).toBeUndefined();
    vi.stubEnv('TESTBED_OPENAI_MAX_TOKENS', '512');
    const configured = await made('my-served-model');
    expect(configured.maxTokensAssumed).toBeUndefined();
    // A known limit of 512 and 600 words: the server that accepted it cut it.
    expect((await configured.embed([long], 'passage')).truncated).toEqual([true]);
  });
});

describe('openai embedder: the key', () => {
  it('sends Authorization: Bearer from the variable TESTBED_OPENAI_KEY_VAR names, on every request', async () => {
    vi.stubEnv('TESTBED_OPENAI_KEY_VAR', 'TEST_EMBED_KEY');
    vi.stubEnv('TEST_EMBED_KEY', 'sk-test-123');
    const e = (await createEmbedder(spec()))!;
    await e.embed(['x'], 'passage');
    expect(fake.requests.map((r) => r.headers.authorization)).toEqual(['Bearer sk-test-123', 'Bearer sk-test-123']);
    expect(e.id).not.toContain('sk-test');
  });

  it('sends no Authorization header when no key is set, and OPENAI_API_KEY only to api.openai.com', async () => {
    const e = (await createEmbedder(spec()))!;
    await e.embed(['x'], 'passage');
    vi.stubEnv('OPENAI_API_KEY', 'sk-openai-456');
    const other = (await createEmbedder(spec()))!;
    await other.embed(['x'], 'passage');
    expect(fake.requests).toHaveLength(4);
    for (const r of fake.requests) expect(r.headers.authorization).toBeUndefined();
  });

  it('with TESTBED_OPENAI_KEY_ORIGIN, the key goes to that origin only; an endpoint elsewhere gets none', async () => {
    vi.stubEnv('TESTBED_OPENAI_KEY_VAR', 'TEST_EMBED_KEY');
    vi.stubEnv('TEST_EMBED_KEY', 'sk-test-123');
    vi.stubEnv('TESTBED_OPENAI_KEY_ORIGIN', `${fake.originUrl}/`);
    await (await createEmbedder(spec()))!.embed(['x'], 'passage');
    expect(fake.requests.map((r) => r.headers.authorization)).toEqual(['Bearer sk-test-123', 'Bearer sk-test-123']);
    fake.reset();
    vi.stubEnv('TESTBED_OPENAI_KEY_ORIGIN', 'https://gpu.example:8080');
    await (await createEmbedder(spec()))!.embed(['x'], 'passage');
    expect(fake.requests).toHaveLength(2);
    for (const r of fake.requests) expect(r.headers.authorization).toBeUndefined();
    // Refused for want of the key, the error says why none was sent.
    fake.script = [{ status: 401, text: '{"error":"unauthorized"}' }];
    await expect(createEmbedder(spec())).rejects.toThrow(
      'no key was sent (the key in TEST_EMBED_KEY goes to https://gpu.example:8080 only: TESTBED_OPENAI_KEY_ORIGIN)',
    );
  });

  it('refuses a TESTBED_OPENAI_KEY_ORIGIN that is not an http(s) origin, before any request', async () => {
    vi.stubEnv('TESTBED_OPENAI_KEY_VAR', 'TEST_EMBED_KEY');
    vi.stubEnv('TEST_EMBED_KEY', 'sk-test-123');
    vi.stubEnv('TESTBED_OPENAI_KEY_ORIGIN', 'gpu-box');
    await expect(createEmbedder(spec())).rejects.toThrow(/TESTBED_OPENAI_KEY_ORIGIN: "gpu-box" is not an absolute URL/);
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a TESTBED_OPENAI_KEY_VAR that names an unset variable, before any request', async () => {
    vi.stubEnv('TESTBED_OPENAI_KEY_VAR', 'NO_SUCH_KEY_VARIABLE');
    await expect(createEmbedder(spec())).rejects.toThrow(
      new InputError('TESTBED_OPENAI_KEY_VAR names NO_SUCH_KEY_VARIABLE, which is not set'),
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('on a 401 says where the key came from, and never repeats the key a server echoes', async () => {
    vi.stubEnv('TESTBED_OPENAI_KEY_VAR', 'TEST_EMBED_KEY');
    vi.stubEnv('TEST_EMBED_KEY', 'sk-test-123');
    fake.script = [{ status: 401, text: '{"error":"Incorrect API key provided: sk-test-123"}' }];
    const err = (await createEmbedder(spec()).catch((e: unknown) => e)) as RemoteError;
    expect(err).toBeInstanceOf(RemoteError);
    expect(err.message).toContain('answered 401');
    expect(err.message).toContain('Incorrect API key provided: (secret)');
    expect(err.message).toContain(
      'the credentials sent came from the environment variable TEST_EMBED_KEY (header Authorization)',
    );
    expect(err.message).not.toContain('sk-test-123');

    vi.stubEnv('TESTBED_OPENAI_KEY_VAR', undefined);
    fake.script = [{ status: 401, text: '{"error":"unauthorized"}' }];
    await expect(createEmbedder(spec())).rejects.toThrow(
      /no key was sent \(OPENAI_API_KEY goes to https:\/\/api\.openai\.com only\): set TESTBED_OPENAI_KEY_VAR/,
    );
  });
});

describe('openai embedder: failures', () => {
  it('retries a 429 and a 503, then returns the answer that follows', async () => {
    const e = await made();
    fake.script = [
      { status: 429, text: '{"error":"rate limited"}', headers: { 'Retry-After': '0' } },
      { status: 503, text: '{"error":"loading"}' },
    ];
    const { vectors } = await e.embed(['retry me'], 'passage');
    expect(fake.inputs()).toEqual([['retry me'], ['retry me'], ['retry me']]);
    expectVector(vectors[0]!, unit('retry me'));
  });

  it('gives up after TESTBED_OPENAI_RETRIES, naming the embedder, the endpoint and the status', async () => {
    vi.stubEnv('TESTBED_OPENAI_RETRIES', '1');
    const e = await made();
    fake.script = [
      { status: 503, text: '{"error":"down"}' },
      { status: 503, text: '{"error":"down"}' },
    ];
    await expect(e.embed(['x'], 'passage')).rejects.toThrow(
      `embedder ${spec()}: POST ${fake.base}/embeddings answered 503: {"error":"down"} (after 2 attempts)`,
    );
    expect(fake.requests).toHaveLength(2);
  });

  it('refuses a vector whose length differs from the first answer, naming both lengths', async () => {
    const e = await made();
    fake.script = [(a) => (a.data[1]!.embedding.push(7), a)];
    await expect(e.embed(['a', 'b'], 'passage')).rejects.toThrow(
      `embedder ${spec()}: POST ${fake.base}/embeddings answered 200: input 1 of 2 got a vector of ${FAKE_DIMS + 1} numbers, but this embedder's vectors have ${FAKE_DIMS} (the length of its first answer)`,
    );
  });

  it.each([
    [
      'a body that is not JSON',
      { status: 200, text: '<html>oops</html>' },
      /answered 200: the body is not JSON: <html>oops<\/html>/,
    ],
    [
      'no data array',
      () => ({ object: 'list' }),
      /answered 200: the answer has no "data" array \(got an object with keys object\)/,
    ],
    ['an entry missing', (a: { data: unknown[] }) => ({ data: a.data.slice(1) }), /"data" has 1 entries for 2 inputs/],
    [
      'an index twice',
      (a: { data: { index: number }[] }) => ({ data: a.data.map((d) => ({ ...d, index: 0 })) }),
      /input 0 is answered twice in "data"/,
    ],
    [
      'an index out of range',
      (a: { data: { index: number }[] }) => ({ data: a.data.map((d, i) => ({ ...d, index: i + 1 })) }),
      /data\[1\]\.index is 2, not an integer in 0\.\.1/,
    ],
    [
      'a base64 embedding',
      (a: { data: { index: number }[] }) => ({ data: a.data.map((d) => ({ ...d, embedding: 'AAAA'.repeat(20) })) }),
      /data\[0\]\.embedding is not a non-empty array of finite numbers \(got a string of 80 characters\)/,
    ],
  ] as const)('a clear error for %s', async (_what, scripted, message) => {
    const e = await made();
    fake.script = [scripted as never];
    const err = await e.embed(['a', 'b'], 'passage').catch((x: unknown) => x);
    expect(err).toBeInstanceOf(RemoteError);
    expect((err as Error).message).toMatch(
      new RegExp(`^embedder ${escapeRegExp(spec())}: POST ${escapeRegExp(fake.base)}/embeddings`),
    );
    expect((err as Error).message).toMatch(message);
  });
});

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
