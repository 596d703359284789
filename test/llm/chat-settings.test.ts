import { describe, expect, it } from 'vitest';
import { chatKeyHint, chatSettings } from '../../src/llm/chat-settings.js';

const LOCAL = 'http://127.0.0.1:11434';
const OPENAI = 'https://api.openai.com/v1';

describe('chatSettings', () => {
  it('reads the TESTBED_CHAT_* variables and falls back to the defaults', () => {
    expect(chatSettings(LOCAL, undefined, {})).toEqual({
      concurrency: 4,
      timeoutMs: 120_000,
      retries: 4,
      backoffMs: 500,
      maxResponseMb: 32,
      keyVariable: undefined,
    });
    const env = {
      TESTBED_CHAT_CONCURRENCY: '2',
      TESTBED_CHAT_TIMEOUT_MS: '9000',
      TESTBED_CHAT_RETRIES: '0',
      TESTBED_CHAT_BACKOFF_MS: '10',
      TESTBED_CHAT_MAX_RESPONSE_MB: '1',
    };
    expect(chatSettings(LOCAL, undefined, env)).toMatchObject({
      concurrency: 2,
      timeoutMs: 9000,
      retries: 0,
      backoffMs: 10,
      maxResponseMb: 1,
    });
    expect(() => chatSettings(LOCAL, undefined, { TESTBED_CHAT_RETRIES: 'many' })).toThrow(
      'TESTBED_CHAT_RETRIES must be an integer in 0..20, got "many"',
    );
  });

  it('sends OPENAI_API_KEY to api.openai.com only, and a named variable anywhere', () => {
    const env = { OPENAI_API_KEY: 'sk-a', MY_KEY: 'sk-b' };
    expect(chatSettings(OPENAI, undefined, env).keyVariable).toBe('OPENAI_API_KEY');
    expect(chatSettings(LOCAL, undefined, env).keyVariable).toBeUndefined();
    expect(chatSettings(LOCAL, 'MY_KEY', env).keyVariable).toBe('MY_KEY');
    expect(chatSettings(LOCAL, 'OPENAI_API_KEY', env).keyVariable).toBe('OPENAI_API_KEY');
    expect(chatSettings(OPENAI, undefined, {}).keyVariable).toBeUndefined();
  });

  it('refuses a key where a variable name belongs, without repeating it, and a variable that is not set', () => {
    let message = '';
    try {
      chatSettings(LOCAL, 'sk-live-1234', {});
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/--chat-key-env must be the name of the environment variable/);
    expect(message).not.toContain('sk-live-1234');
    expect(() => chatSettings(LOCAL, 'UNSET_KEY', {})).toThrow('--chat-key-env names UNSET_KEY, which is not set');
  });

  it('says how to send a key when none was sent', () => {
    expect(chatKeyHint(OPENAI)).toBe('no key was sent: set OPENAI_API_KEY');
    expect(chatKeyHint(LOCAL)).toMatch(/pass --chat-key-env NAME/);
  });
});
