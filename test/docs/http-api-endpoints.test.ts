import { describe, expect, it } from 'vitest';
import { apiDocument } from '../http/helpers/api-document.js';
import { readDoc } from './markdown.js';

const METHODS = ['get', 'post', 'delete', 'put', 'patch'];

/** `/a/{x,y}/b` as `/a/x/b` and `/a/y/b`: the table writes a few paths at once that way. */
function expandBraces(path: string): string[] {
  const m = /\{([^{}]*,[^{}]*)\}/.exec(path);
  if (!m) return [path];
  return m[1]!
    .split(',')
    .flatMap((alt) => expandBraces(path.slice(0, m.index) + alt + path.slice(m.index + m[0].length)));
}

/** The endpoints the table of docs/http-api.md names (`GET /indexes/:name`), query strings dropped. */
function documentedEndpoints(): string[] {
  const rows = readDoc('docs/http-api.md')
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  return rows.flatMap((row) =>
    [...row.split(' | ')[0]!.matchAll(/`(GET|POST|DELETE|PUT|PATCH) (\/[^`?]*)[^`]*`/g)].flatMap(([, method, path]) =>
      expandBraces(path!).map((p) => `${method} ${p}`),
    ),
  );
}

/** Whether a documented endpoint (`:id` or a literal segment) is an instance of an OpenAPI one (`{id}`). */
function matches(documented: string, method: string, template: string): boolean {
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${method.toUpperCase()} ${pattern}$`).test(documented);
}

const document = (await apiDocument()) as { paths: Record<string, Record<string, unknown>> };

describe('the endpoint table of docs/http-api.md', () => {
  const served = Object.entries(document.paths).flatMap(([template, ops]) =>
    Object.keys(ops)
      .filter((key) => METHODS.includes(key))
      .map((method) => ({ method, template })),
  );
  const documented = documentedEndpoints();

  it('names every endpoint of the OpenAPI document', () => {
    const missing = served.filter(({ method, template }) => !documented.some((d) => matches(d, method, template)));
    expect(missing.map(({ method, template }) => `${method.toUpperCase()} ${template}`)).toEqual([]);
  });

  it('names no endpoint the OpenAPI document lacks', () => {
    expect(documented.length).toBeGreaterThan(15);
    const unknown = documented.filter((d) => !served.some(({ method, template }) => matches(d, method, template)));
    expect(unknown).toEqual([]);
  });
});
