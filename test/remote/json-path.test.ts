import { describe, expect, it } from 'vitest';
import { formatJsonPath, getPath, parseJsonPath } from '../../src/remote/json-path.js';
import { fillJsonTemplate, fillUrlTemplate, placeholdersOf } from '../../src/remote/template.js';
import { resolveHeaders } from '../../src/remote/secrets.js';
import { redactHeaders } from '../../src/remote/shown-headers.js';

describe('json paths', () => {
  const body = {
    hits: { hits: [{ _id: 'd1', _score: 2.5, _source: { 'doc.id': 'x' } }] },
    data: [{ embedding: [1, 2] }],
  };

  it('reads dotted names, array indexes and quoted keys', () => {
    expect(getPath(body, parseJsonPath('hits.hits[0]._id'))).toBe('d1');
    expect(getPath(body, parseJsonPath('.data[0].embedding'))).toEqual([1, 2]);
    expect(getPath(body, parseJsonPath('hits.hits[0]._source["doc.id"]'))).toBe('x');
    expect(getPath(body, parseJsonPath(''))).toBe(body);
  });

  it('gives undefined for a missing step, an index into an object or a name into an array', () => {
    expect(getPath(body, parseJsonPath('hits.total'))).toBeUndefined();
    expect(getPath(body, parseJsonPath('hits[0]'))).toBeUndefined();
    expect(getPath(body, parseJsonPath('data.embedding'))).toBeUndefined();
    expect(getPath(body, parseJsonPath('constructor'))).toBeUndefined();
  });

  it('refuses what it cannot read, quoting it', () => {
    expect(() => parseJsonPath('hits.[*]', 'hits')).toThrow('hits: cannot read ".[*]" in path "hits.[*]"');
  });

  it('writes a path back as it would be typed', () => {
    expect(formatJsonPath(parseJsonPath('a.b[2]["c d"]'))).toBe('a.b[2]["c d"]');
  });
});

describe('templates', () => {
  const values = { query: 'heart "attack"', k: 10, filter: { lang: 'en' } };

  it('puts whole-placeholder strings in as values and splices others in as text', () => {
    const t = { size: '{{k}}', query: { match: { text: '{{ query }}' } }, q: 'title:{{query}}', f: ['{{filter}}'] };
    expect(fillJsonTemplate(t, values, 'leg "x"')).toEqual({
      size: 10,
      query: { match: { text: 'heart "attack"' } },
      q: 'title:heart "attack"',
      f: [{ lang: 'en' }],
    });
  });

  it('URL-encodes into a URL', () => {
    expect(fillUrlTemplate('http://h/search?q={{query}}&k={{k}}', values, 'leg "x"')).toBe(
      'http://h/search?q=heart%20%22attack%22&k=10',
    );
  });

  it('URL-encodes a lone surrogate as U+FFFD (UTF-8 EF BF BD) instead of throwing; a surrogate pair stays one character', () => {
    const fill = (query: string) => fillUrlTemplate('http://h/s?q={{query}}', { ...values, query }, 'leg "x"');
    expect(fill('a\udc00b')).toBe('http://h/s?q=a%EF%BF%BDb');
    expect(fill('\ud83d')).toBe('http://h/s?q=%EF%BF%BD');
    // U+1F511 (the key emoji) is F0 9F 94 91 in UTF-8.
    expect(fill('\ud83d\udd11')).toBe('http://h/s?q=%F0%9F%94%91');
  });

  it('names an unknown placeholder and lists the known ones', () => {
    expect(() => fillJsonTemplate({ a: '{{size}}' }, values, 'leg "x"')).toThrow(
      'leg "x": the template names {{size}}; known placeholders are {{query}}, {{k}}, {{filter}}',
    );
    expect(placeholdersOf({ a: ['{{k}} {{query}}'], b: '{{k}}' })).toEqual(['k', 'query']);
  });
});

describe('secrets', () => {
  it('fills ${env:NAME} inside a value', () => {
    expect(resolveHeaders({ Authorization: 'Bearer ${env:K}' }, 'x', { K: 's3' })).toEqual({
      Authorization: 'Bearer s3',
    });
  });

  it('redacts every literal value but the known-safe headers, and keeps env references', () => {
    expect(
      redactHeaders({ Authorization: 'Bearer s3', 'X-Api-Key': '${env:K}', 'X-Tenant': 'acme', Accept: 'text/plain' }),
    ).toEqual({
      Authorization: '(set)',
      'X-Api-Key': '${env:K}',
      'X-Tenant': '(set)',
      Accept: 'text/plain',
    });
  });
});

describe('allowed remote origins', () => {
  it('allows listed origins whatever their trailing path, refuses others with the flag to use', async () => {
    const { checkRemoteUrl } = await import('../../src/remote/allowed-origins.js');
    expect(() =>
      checkRemoteUrl('http://127.0.0.1:9200/idx/_search', ['http://127.0.0.1:9200/'], 'leg "os"'),
    ).not.toThrow();
    expect(() => checkRemoteUrl('http://169.254.169.254/latest', ['http://127.0.0.1:9200'], 'leg "os"')).toThrow(
      'leg "os": this server does not call http://169.254.169.254; start it with --allow-remote http://169.254.169.254',
    );
    expect(() => checkRemoteUrl('file:///etc/passwd', 'any', 'leg "x"')).toThrow(
      'only http and https URLs are called, got file:',
    );
    expect(() => checkRemoteUrl('not a url', 'any', 'leg "x"')).toThrow('"not a url" is not an absolute URL');
  });
});

describe('absent values in URLs', () => {
  it('leave the parameter empty instead of writing null', async () => {
    const { fillUrlTemplate } = await import('../../src/remote/template.js');
    expect(fillUrlTemplate('http://h/s?q={{query}}&qlang={{qlang}}', { query: 'a b', qlang: null }, 'leg "x"')).toBe(
      'http://h/s?q=a%20b&qlang=',
    );
  });
});
