import { afterEach, describe, expect, it } from 'vitest';
import { forgetSecrets, rememberSecret, scrubSecrets } from '../../src/remote/known-secrets.js';

afterEach(() => forgetSecrets());

describe('scrubSecrets', () => {
  it('cuts a key wherever it appears, as is, URL-encoded and JSON-escaped', () => {
    const key = 'sk-a/b"c+d=12345';
    rememberSecret(key);
    const text = `raw ${key}; url ?k=${encodeURIComponent(key)}; json {"k":${JSON.stringify(key)}}; glued x${key}y`;
    expect(scrubSecrets(text, {})).toBe('raw (secret); url ?k=(secret); json {"k":"(secret)"}; glued x(secret)y');
  });

  it('cuts a short secret (under 8 characters) only where it stands as a word', () => {
    // A loopback token "short": the message about token length must stay readable.
    rememberSecret('short');
    expect(scrubSecrets('TESTBED_TOKEN is shorter than 16 characters; Bearer short, sent', {})).toBe(
      'TESTBED_TOKEN is shorter than 16 characters; Bearer (secret), sent',
    );
    // Regular-expression characters in a short secret are taken literally.
    rememberSecret('a.b*');
    expect(scrubSecrets('axb* a.b* (a.b*)', {})).toBe('axb* (secret) ((secret))');
  });

  it('takes credential-named variables of 8 or more characters without spaces from the environment', () => {
    const env = { OPENAI_API_KEY: 'k'.repeat(20), TESTBED_OPENAI_KEY_VAR: 'OPENAI_API_KEY', DEBUG_TOKEN: 'on' };
    expect(scrubSecrets(`${'k'.repeat(20)} OPENAI_API_KEY on`, env)).toBe('(secret) OPENAI_API_KEY on');
  });
});
