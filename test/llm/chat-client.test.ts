import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteError } from '../../src/remote/remote-error.js';
import { createChatClient } from '../../src/llm/chat-client.js';
import { chatSettings } from '../../src/llm/chat-settings.js';
import { parseChatSpec } from '../../src/llm/chat-spec.js';
import { FakeChatServer } from './fake-chat-server.js';

const server = new FakeChatServer();
beforeAll(async () => {
  await server.start();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  vi.unstubAllEnvs();
});

/** A client of the fake server whose sleeps are recorded, not waited. */
function client(keyEnv?: string) {
  const spec = parseChatSpec(`tiny-model@${server.origin}`);
  const slept: number[] = [];
  const settings = { ...chatSettings(spec.baseUrl, keyEnv), retries: 2, backoffMs: 7 };
  const chat = createChatClient(spec, settings, async (ms) => void slept.push(ms));
  return { chat, slept };
}

const prompt = (title: string) => `Write 1 question(s).\nTitle: ${title}\nDocument:\ntext`;

describe('createChatClient', () => {
  it('posts one user message with temperature 0 and the seed, and returns the answer text', async () => {
    const { chat } = client();
    const text = await chat.ask({ prompt: prompt('install on linux'), seed: 9 });
    expect(JSON.parse(text)).toEqual({ questions: ['how do I install on linux'] });
    expect(server.requests[0]!.body).toEqual({
      model: 'tiny-model',
      messages: [{ role: 'user', content: prompt('install on linux') }],
      temperature: 0,
      seed: 9,
    });
    expect(chat.endpoint).toBe(`POST ${server.origin}/v1/chat/completions`);
  });

  it("waits the 429's Retry-After (1 s), not its own backoff, then answers", async () => {
    const { chat, slept } = client();
    await chat.ask({ prompt: prompt('ratelimit one'), seed: 1 });
    expect(slept).toEqual([1000]);
    expect(server.requestsFor('ratelimit one')).toHaveLength(2);
  });

  it('reads at most TESTBED_CHAT_MAX_RESPONSE_MB of an answer, and the error names that setting, not a pipeline field', async () => {
    vi.stubEnv('TESTBED_CHAT_MAX_RESPONSE_MB', '1');
    const { chat } = client();
    const err = await chat.ask({ prompt: prompt('runaway model'), seed: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RemoteError);
    const message = (err as Error).message;
    expect(message).toContain('the answer is larger than the 1 MB cap');
    expect(message).toContain(
      'a chat answer is a few hundred bytes: check that the URL is a chat completions endpoint, or raise TESTBED_CHAT_MAX_RESPONSE_MB',
    );
    expect(message).not.toContain('max_response_mb');
    // The default (32 MB) reads the same answer.
    vi.unstubAllEnvs();
    expect((await client().chat.ask({ prompt: prompt('runaway model'), seed: 1 })).length).toBe(
      'and so on '.length * 120_000,
    );
  });

  it('stops at a Retry-After longer than the 30 s it obeys, saying so, instead of asking again early', async () => {
    const { chat, slept } = client();
    const err = await chat.ask({ prompt: prompt('patience please'), seed: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RemoteError);
    expect((err as RemoteError).httpStatus).toBe(429);
    expect((err as Error).message).toContain(
      'asked to wait 120 s before a retry (Retry-After), longer than the 30 s obeyed: stopped rather than ask again early',
    );
    expect(slept).toEqual([]);
    expect(server.requestsFor('patience please')).toHaveLength(1);
  });

  it('retries a 500 with its own backoff and then throws a RemoteError naming the model, the item and the status', async () => {
    const { chat, slept } = client();
    const err = await chat.ask({ prompt: prompt('fail500 x'), seed: 1, about: 'document d3' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RemoteError);
    expect((err as RemoteError).httpStatus).toBe(500);
    expect((err as Error).message).toMatch(
      /^chat tiny-model \(document d3\): POST .* answered 500: .*\(after 3 attempts\)$/,
    );
    // Backoff of 7 ms doubling per attempt, with ±25% jitter.
    expect(slept).toHaveLength(2);
    expect(slept[0]).toBeGreaterThanOrEqual(7 * 0.75);
    expect(slept[0]).toBeLessThanOrEqual(7 * 1.25);
    expect(slept[1]).toBeGreaterThanOrEqual(14 * 0.75);
    expect(slept[1]).toBeLessThanOrEqual(14 * 1.25);
  });

  it('cuts the key out of an error that quotes it, and on a 401 says where the key came from', async () => {
    vi.stubEnv('CHAT_TEST_KEY', 'sk-unit-0123456789');
    const { chat } = client('CHAT_TEST_KEY');
    const err = (await chat.ask({ prompt: prompt('denied'), seed: 1 }).catch((e: unknown) => e)) as Error;
    expect(server.requests[0]!.authorization).toBe('Bearer sk-unit-0123456789');
    expect(err.message).toContain('bad key: Bearer (secret)');
    expect(err.message).toContain('came from the environment variable CHAT_TEST_KEY');
    expect(err.message).not.toContain('sk-unit-0123456789');
  });
});
