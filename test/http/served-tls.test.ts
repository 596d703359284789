import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '../../src/errors.js';
import { checkServedPipeline } from '../../src/http/remote-check.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';

/**
 * A pipeline sent in a request must not make the server read its own files as TLS material or
 * sign with its AWS credentials; an experiment file on the server (and the CLI) may. insecure
 * uses nothing of the server's and passes.
 */
describe('TLS files and AWS signing over HTTP', () => {
  const allowed = ['http://127.0.0.1:9', 'https://127.0.0.1:9'];
  const http = (extra: Record<string, unknown>) => ({
    type: 'http',
    name: 'api',
    url: 'https://127.0.0.1:9/s?q={{query}}',
    hits: 'hits',
    id: 'id',
    score: 'score',
    ...extra,
  });
  const refused = (input: Record<string, unknown>) => {
    try {
      checkServedPipeline(parsePipeline(input), allowed);
    } catch (err) {
      expect(err).toBeInstanceOf(ForbiddenError);
      return (err as Error).message;
    }
    throw new Error('not refused');
  };

  it.each([
    ['ca_file', { ca_file: '/etc/ssl/private/ca.pem' }, "a file on the server's disk"],
    [
      'client_cert',
      { client_cert: '/srv/tls/server.pem', client_key: '/srv/tls/server.key' },
      "a file on the server's disk",
    ],
  ])('refuses %s in a request, naming the field', (field, extra, what) => {
    expect(refused({ legs: [{ type: 'lexical', engine: 'fts5' }, http(extra)] })).toBe(
      `legs.1.${field}: ${field} uses ${what}, taken only from experiment files on the server (POST /experiments {"config": ...}) and the CLI, not from a request`,
    );
  });

  it("refuses aws_sigv4 in a request: the server's AWS credentials would sign the client's queries", () => {
    const leg = { type: 'opensearch', url: 'http://127.0.0.1:9', index: 'docs', aws_sigv4: { region: 'eu-west-1' } };
    expect(refused({ legs: [leg] })).toContain("legs.0.aws_sigv4: aws_sigv4 uses the server's AWS credentials");
  });

  it("refuses an http reranker's ca_file in a request", () => {
    const input = {
      legs: [{ type: 'lexical', engine: 'fts5' }],
      rerank: { type: 'http', url: 'https://127.0.0.1:9/rerank', ca_file: '/x.pem' },
    };
    expect(refused(input)).toContain('rerank.ca_file: ca_file uses');
  });

  it('takes them from an experiment file on the server, and insecure from a request', () => {
    const withFiles = parsePipeline({ legs: [http({ ca_file: '/x.pem' })] });
    expect(() => checkServedPipeline(withFiles, allowed, { environment: true })).not.toThrow();
    expect(() => checkServedPipeline(parsePipeline({ legs: [http({ insecure: true })] }), allowed)).not.toThrow();
  });
});
