import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '../../src/errors.js';
import { checkServedPipeline } from '../../src/http/remote-check.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';

/**
 * A pipeline sent in a request must not read the server's environment into its headers: with
 * `${env:NAME}` any client could have the server send any of its variables (keys, tokens) to an
 * allowed origin. Experiment files on the server (and the CLI) may.
 */
describe('header secrets from the environment over HTTP', () => {
  const pipeline = parsePipeline({
    legs: [
      { type: 'lexical', engine: 'fts5' },
      {
        type: 'http',
        name: 'api',
        url: 'http://127.0.0.1:9/s?q={{query}}',
        hits: 'hits',
        id: 'id',
        score: 'score',
        headers: { Authorization: 'Bearer ${env:AWS_SECRET_ACCESS_KEY}' },
      },
    ],
  });
  const allowed = ['http://127.0.0.1:9'];

  it('refuses them in a request, naming the header and the variable', () => {
    let caught: unknown;
    try {
      checkServedPipeline(pipeline, allowed);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ForbiddenError);
    expect((caught as Error).message).toContain('legs.1.headers.Authorization');
    expect((caught as Error).message).toContain('${env:AWS_SECRET_ACCESS_KEY}');
  });

  it('takes them from an experiment file on the server', () => {
    expect(() => checkServedPipeline(pipeline, allowed, { environment: true })).not.toThrow();
  });

  it('takes literal header values from a request (the client sends its own key)', () => {
    const literal = parsePipeline({
      legs: [
        {
          type: 'http',
          url: 'http://127.0.0.1:9/s?q={{query}}',
          hits: 'hits',
          id: 'id',
          score: 'score',
          headers: { Authorization: 'Bearer abc' },
        },
      ],
    });
    expect(() => checkServedPipeline(literal, allowed)).not.toThrow();
  });
});
