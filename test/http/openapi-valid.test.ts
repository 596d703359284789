import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { apiDocument } from './helpers/api-document.js';

/**
 * The generated document is valid OpenAPI 3.1: Redocly's structural rule (the one
 * openapi-typescript's own loader runs) checks every object against the 3.1 specification's
 * types, and every $ref resolves. Its problems as readable lines, none when valid.
 */
async function problems(doc: unknown): Promise<string[]> {
  const config = await createConfig({ rules: { struct: 'error', 'no-unresolved-refs': 'error' } });
  const found = await lintFromString({ source: JSON.stringify(doc), absoluteRef: '/openapi.json', config });
  return found.map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
}

const doc = (await apiDocument()) as { paths: Record<string, Record<string, Record<string, unknown>>> };

describe('/openapi.json against the OpenAPI 3.1 specification', () => {
  it('has no structural problem and no unresolved $ref', async () => {
    expect(await problems(doc)).toEqual([]);
  });

  it('the check sees a broken document: responses written as a string, a parameter in no place', async () => {
    const broken = structuredClone(doc);
    broken.paths['/health']!.get!.responses = 'ok';
    (broken.paths['/gold']!.get!.parameters as { in: string }[])[0]!.in = 'body';
    const found = await problems(broken);
    expect(found).toEqual([
      expect.stringMatching(/^struct #\/paths\/~1health\/get\/responses: /),
      expect.stringMatching(/^struct #\/paths\/~1gold\/get\/parameters\/0\/in: /),
    ]);
  });
});
