import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { engineUrl } from '../../src/push/engine-url.js';
import { joinUrl, parseBaseUrl } from '../../src/remote/base-url.js';

describe('parseBaseUrl and joinUrl', () => {
  it('keeps a base query string after the endpoint path, not before it (the search_pipeline case)', () => {
    expect(joinUrl('http://h/?search_pipeline=x', '/INDEX/_search')).toBe('http://h/INDEX/_search?search_pipeline=x');
    expect(joinUrl('http://h/prefix/?search_pipeline=x', '/INDEX/_search')).toBe(
      'http://h/prefix/INDEX/_search?search_pipeline=x',
    );
  });

  it('keeps a path prefix, with or without trailing slashes, and adds nothing to a bare origin', () => {
    expect(joinUrl('https://h:9243/search', '/docs/_search')).toBe('https://h:9243/search/docs/_search');
    expect(joinUrl('https://h:9243/search//', '/docs/_search')).toBe('https://h:9243/search/docs/_search');
    expect(joinUrl('http://h:9200', '/_bulk')).toBe('http://h:9200/_bulk');
  });

  it("appends an endpoint's own query after the base's, joined by &", () => {
    expect(engineUrl('http://h/q/?api-version=2024-02-01', ['collections', 'a b', 'points'], 'wait=true')).toBe(
      'http://h/q/collections/a%20b/points?api-version=2024-02-01&wait=true',
    );
    expect(engineUrl('http://h', ['collections', 'c', 'points'], 'wait=true')).toBe(
      'http://h/collections/c/points?wait=true',
    );
  });

  it('takes the userinfo apart from the rest and keeps it on the joined URL, for the client to move into a header', () => {
    const base = parseBaseUrl('http://elastic:p%40ss@h:9200/es/?x=1', 'leg "os"');
    expect(base).toEqual({ origin: 'http://h:9200', userinfo: 'elastic:p%40ss', pathPrefix: '/es', query: '?x=1' });
    expect(joinUrl(base, '/i/_search')).toBe('http://elastic:p%40ss@h:9200/es/i/_search?x=1');
  });

  it.each([
    ['http://h:9200/#frag', /leg "os": http:\/\/h:9200\/ has a fragment \(#\.\.\.\), which is never sent to a server/],
    ['http://h:9200#', /has a fragment/],
    ['ftp://h/', /leg "os": only http and https URLs are called, got ftp:/],
    ['h:9200', /leg "os": only http and https URLs are called, got h:/],
    ['not a url', /leg "os": "not a url" is not an absolute URL/],
  ])('refuses %s, saying why', (raw, message) => {
    expect(() => parseBaseUrl(raw, 'leg "os"')).toThrow(InputError);
    expect(() => parseBaseUrl(raw, 'leg "os"')).toThrow(message);
  });

  it('never repeats a password while refusing a URL', () => {
    let message = '';
    try {
      parseBaseUrl('http://u:CANARY-9f3@h/#x', 'leg "os"');
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('has a fragment');
    expect(message).not.toContain('CANARY-9f3');
  });
});
