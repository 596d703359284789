import { beforeAll, describe, expect, it } from 'vitest';
import { remoteEndpoints } from '../../src/experiments/remote-endpoints.js';
import { createHttpReranker } from '../../src/pipeline/http-reranker.js';
import type { RerankCandidate } from '../../src/pipeline/rerank.js';
import type { Hit } from '../../src/ranking/hit.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { makeTestPki, mutualTlsServer, type TestPki } from '../remote/tls-fixtures.js';

/** An http reranker (cohere shape) behind mutual TLS, configured by the pipeline's rerank fields. */
let pki: TestPki;
let base: string;

beforeAll(async () => {
  pki = makeTestPki();
  base = await mutualTlsServer(pki, {
    results: [
      { index: 1, relevance_score: 0.75 },
      { index: 0, relevance_score: 0.25 },
    ],
  });
});

const rerankOf = (tls: Record<string, unknown>) => {
  const pipeline = parsePipeline({
    legs: [{ type: 'lexical', engine: 'fts5' }],
    rerank: { type: 'http', name: 'tei', url: `${base}/rerank`, depth: 2, retries: 0, ...tls },
  });
  return { pipeline, rerank: pipeline.rerank as Extract<typeof pipeline.rerank, { type: 'http' }> };
};
// The reranker sends the texts only; the hits stay with the caller.
const candidates: RerankCandidate[] = ['first', 'second'].map((text) => ({ text, hit: {} as Hit }));

describe('an http reranker over TLS', () => {
  it('ca_file, client_cert and client_key reach a mutual-TLS reranker; its scores come back in candidate order', async () => {
    const { rerank } = rerankOf({ ca_file: pki.caCert, client_cert: pki.clientCert, client_key: pki.clientKey });
    expect(await createHttpReranker(rerank).score('q', candidates, 'q1')).toEqual([0.25, 0.75]);
  });

  it('without ca_file the failure names the option', async () => {
    const { rerank } = rerankOf({ client_cert: pki.clientCert, client_key: pki.clientKey });
    await expect(createHttpReranker(rerank).score('q', candidates, 'q1')).rejects.toThrow(
      /reranker "tei", query q1: POST https:\/\/127\.0\.0\.1:\d+\/rerank: the server's TLS certificate was not accepted .* as ca_file/,
    );
  });

  it('insecure: true is marked in the report endpoints, beside the legs', () => {
    const { pipeline } = rerankOf({ insecure: true });
    expect(remoteEndpoints(pipeline)).toEqual([
      { leg: 'reranker "tei"', endpoint: `POST ${base}/rerank`, insecure: true },
    ]);
  });
});
