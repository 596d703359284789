import { describe, expect, it } from 'vitest';
import { redactConfigHeaders } from '../../src/reports/redact-headers.js';

describe('redactConfigHeaders', () => {
  it('redacts every headers mapping wherever it sits: env references kept, inline secrets replaced, the rest untouched', () => {
    const config = {
      name: 'x',
      grid: {
        retrievers: [
          {
            name: 'a',
            legs: [
              {
                type: 'http',
                url: 'http://h/s',
                headers: { Authorization: 'Bearer abc123', 'X-Api-Key': '${env:KEY}', Accept: 'application/json' },
              },
            ],
          },
          { name: 'b', mode: 'bm25' },
        ],
      },
    };
    const shown = redactConfigHeaders(config);
    expect(shown.grid.retrievers[0]!.legs![0]!.headers).toEqual({
      Authorization: '(set)',
      'X-Api-Key': '${env:KEY}',
      Accept: 'application/json',
    });
    expect(shown.grid.retrievers[1]).toEqual({ name: 'b', mode: 'bm25' });
    expect(JSON.stringify(shown)).not.toContain('abc123');
    // A copy: the config that runs keeps its headers.
    expect(config.grid.retrievers[0]!.legs![0]!.headers.Authorization).toBe('Bearer abc123');
  });
});
