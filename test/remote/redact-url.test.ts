import { describe, expect, it } from 'vitest';
import { redactUrl, redactUrlsIn, SHOWN_URL_CHARS, withoutUrlSecrets } from '../../src/remote/redact-url.js';
import { RemoteClient, shownEndpoint } from '../../src/remote/remote-client.js';

describe('redactUrl: the one rule for a printed URL', () => {
  it('drops userinfo, and keeps everything else as written', () => {
    expect(redactUrl('http://elastic:s3cret@es.example:9200/logs/_search?search_pipeline=p')).toBe(
      'http://es.example:9200/logs/_search?search_pipeline=p',
    );
    expect(redactUrl('https://user@h')).toBe('https://h');
    // No slash is added to a URL written without a path, and one written with it keeps it.
    expect(redactUrl('http://h:9200')).toBe('http://h:9200');
    expect(redactUrl('http://h:9200/')).toBe('http://h:9200/');
  });

  it('replaces the values of key-like query parameters by (set), whatever their case', () => {
    expect(redactUrl('https://h/q?api_key=abc&q=x&X-Amz-Signature=f00&access_token=t&sig=s')).toBe(
      'https://h/q?api_key=(set)&q=x&X-Amz-Signature=(set)&access_token=(set)&sig=(set)',
    );
  });

  it('shortens a long URL to SHOWN_URL_CHARS: origin and the start of its path, then …', () => {
    const long = `https://u:pw@search.example/${'a'.repeat(3000)}?k=1`;
    const shown = redactUrl(long);
    expect(shown).toHaveLength(SHOWN_URL_CHARS);
    expect(shown).toBe(`https://search.example/${'a'.repeat(SHOWN_URL_CHARS - 'https://search.example/'.length - 1)}…`);
    // Whole when asked for (a leg printed for pasting), but still without the password.
    expect(redactUrl(long, Number.POSITIVE_INFINITY)).toBe(`https://search.example/${'a'.repeat(3000)}?k=1`);
  });

  it('drops the userinfo of a string that does not parse as a URL too', () => {
    expect(redactUrl('http://u:pw@[bad/x')).toBe('http://[bad/x');
  });

  it('withoutUrlSecrets changes nothing but the secrets, in any text', () => {
    expect(withoutUrlSecrets('openai:m@http://u:p%40w@h/v1/{{x}}?token=t&q=%20#dimensions=8')).toBe(
      'openai:m@http://h/v1/{{x}}?token=(set)&q=%20#dimensions=8',
    );
    expect(withoutUrlSecrets('no url: a=b&token=t')).toBe('no url: a=b&token=t');
  });

  it('redacts every URL inside free text, and only the URLs', () => {
    expect(
      redactUrlsIn(
        'Request cannot be constructed from a URL that includes credentials: http://elastic:pw@127.0.0.1:9200/i/_search (then "https://a:b@h/x?token=t")',
      ),
    ).toBe(
      'Request cannot be constructed from a URL that includes credentials: http://127.0.0.1:9200/i/_search (then "https://h/x?token=(set)")',
    );
  });

  it('an error about a 3,000-character URL shows its origin and the start of its path, not the whole URL', async () => {
    const url = `http://u:pw@127.0.0.1:1/search?q=${'x'.repeat(3000)}`;
    expect(shownEndpoint('GET', url)).toBe(`GET ${redactUrl(url)}`);
    const err = await new RemoteClient({ retries: 0 })
      .request({ method: 'GET', url, caller: { what: 'leg "long"' } })
      .catch((e: unknown) => e as Error);
    // Refused connection (port 1): the message is the caller, the shortened endpoint and the cause.
    expect((err as Error).message.length).toBeLessThan(SHOWN_URL_CHARS + 100);
    expect((err as Error).message).toMatch(
      /^leg "long": GET http:\/\/127\.0\.0\.1:1\/search\?q=x+…: request failed \(/,
    );
  });
});
