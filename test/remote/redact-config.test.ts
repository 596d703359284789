import { describe, expect, it } from 'vitest';
import { redactConfig } from '../../src/remote/redact-config.js';

describe('redactConfig', () => {
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
    const shown = redactConfig(config);
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

  it('drops the userinfo and key-like query values of every URL in every string, and leaves the rest as written', () => {
    const config = {
      embedders: ['openai:m@http://h:8080/v1?api-key=K1&api-version=2024-02-01#dimensions=8'],
      legs: [{ type: 'opensearch', url: 'http://elastic:CANARY@es:9200', index: 'i' }],
      note: 'plain text: a=b&token=t',
    };
    expect(redactConfig(config)).toEqual({
      embedders: ['openai:m@http://h:8080/v1?api-key=(set)&api-version=2024-02-01#dimensions=8'],
      legs: [{ type: 'opensearch', url: 'http://es:9200', index: 'i' }],
      note: 'plain text: a=b&token=t',
    });
    // A copy: the config that runs keeps its credentials.
    expect(config.legs[0]!.url).toBe('http://elastic:CANARY@es:9200');
  });
});
