import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { pipelineUrls } from '../../src/pipeline/pipeline-urls.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';

const leg = (extra: Record<string, unknown> = {}) => ({
  type: 'http',
  url: 'http://127.0.0.1:9/search?q={{query}}&k={{k}}',
  hits: 'hits',
  id: 'docId',
  score: 'score',
  ...extra,
});

function refused(raw: unknown): InputError {
  try {
    parsePipeline(raw);
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return err as InputError;
  }
  throw new Error('expected the pipeline to be refused');
}

describe('the http leg of a pipeline', () => {
  it('is named "http" by default; its method is GET without a body and POST with one, unless given', () => {
    const p = parsePipeline({
      legs: [leg(), leg({ name: 'api', body: { q: '{{query}}' } }), leg({ name: 'put', method: 'GET' })],
    });
    expect(p.legs.map((l) => [l.name, (l as { method?: string }).method])).toEqual([
      ['http', 'GET'],
      ['api', 'POST'],
      ['put', 'GET'],
    ]);
  });

  it('refuses a placeholder we never fill, in the URL or anywhere in the body, naming the field', () => {
    const inUrl = refused({ legs: [leg({ url: 'http://127.0.0.1:9/s?q={{text}}' })] });
    expect(inUrl.where.field).toBe('legs.0.url');
    expect(inUrl.detail).toMatch(/unknown placeholder \{\{text\}\}; known: \{\{query\}\}, \{\{k\}\}/);
    const inBody = refused({ legs: [leg({ body: { query: { bool: [{ match: '{{querry}}' }] } } })] });
    expect(inBody.where.field).toBe('legs.0.body');
    expect(inBody.detail).toContain('{{querry}}');
  });

  it('accepts every documented placeholder', () => {
    const body = {
      q: '{{query}}',
      size: '{{k}}',
      level: '{{level}}',
      filter: '{{filter}}',
      lang: '{{qlang}}',
      id: 'q-{{query_id}}',
    };
    expect(() => parsePipeline({ legs: [leg({ body })] })).not.toThrow();
  });

  it('refuses a placeholder in the scheme, host or port: a query must not choose where the server connects', () => {
    for (const url of [
      'http://{{query}}.example.com/s',
      'http://127.0.0.1:{{k}}/s',
      'http:{{query}}/s',
      'http://{{query}}@127.0.0.1/s',
      'http:\\\\{{query}}/s',
    ]) {
      const err = refused({ legs: [leg({ url })] });
      expect(err.where.field, url).toBe('legs.0.url');
    }
    expect(refused({ legs: [leg({ url: 'http://{{query}}.example.com/' })] }).detail).toMatch(
      /path and query string only/,
    );
  });

  it('refuses a URL that is not absolute http(s)', () => {
    expect(refused({ legs: [leg({ url: '/search?q={{query}}' })] }).detail).toMatch(/not an absolute URL/);
    expect(refused({ legs: [leg({ url: 'file:///etc/passwd' })] }).detail).toMatch(/only http and https/);
  });

  it('refuses a path that does not parse, an empty field path, and a GET with a body', () => {
    expect(refused({ legs: [leg({ hits: 'a..b' })] }).where.field).toBe('legs.0.hits');
    expect(refused({ legs: [leg({ score: '' })] }).detail).toMatch(/cannot be empty/);
    expect(refused({ legs: [leg({ method: 'GET', body: { q: 1 } })] }).where.field).toBe('legs.0.body');
  });

  it('requires the hits, id and score paths, and bounds the call settings', () => {
    expect(refused({ legs: [{ type: 'http', url: 'http://127.0.0.1:9/', hits: 'h', score: 's' }] }).where.field).toBe(
      'legs.0.id',
    );
    expect(refused({ legs: [leg({ retries: 11 })] }).where.field).toBe('legs.0.retries');
    expect(refused({ legs: [leg({ concurrency: 0 })] }).where.field).toBe('legs.0.concurrency');
    expect(refused({ legs: [leg({ headers: { 'bad name': 'x' } })] }).where.field).toMatch(/^legs\.0\.headers/);
  });

  it("lists its URL among the pipeline's endpoints, with its method and leg", () => {
    const p = parsePipeline({ legs: [{ type: 'lexical', engine: 'fts5' }, leg({ name: 'api', body: {} })] });
    expect(pipelineUrls(p)).toEqual([
      { url: 'http://127.0.0.1:9/search?q={{query}}&k={{k}}', method: 'POST', leg: 'api', what: 'legs.1 (leg "api")' },
    ]);
  });
});
