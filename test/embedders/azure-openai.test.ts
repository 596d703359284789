import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isAzureOpenAIHost, keyHeaderFor } from '../../src/embedders/azure-openai.js';
import { createOpenAIEmbedder } from '../../src/embedders/openai.js';
import { parseOpenAISpec } from '../../src/embedders/openai-spec.js';
import { RemoteError } from '../../src/remote/remote-error.js';
import { makeTestPki, mutualTlsFront, type TestPki } from '../remote/tls-fixtures.js';
import { rawVector } from './fake-openai-server.js';

/**
 * An Azure OpenAI deployment as its REST reference describes it: `POST
 * /openai/deployments/{deployment-id}/embeddings?api-version=...`, the key in an `api-key`
 * header, the OpenAI body and answer. It refuses (401, as Azure does) any request without
 * the key in that header or with an Authorization header, and 404s any other path or version.
 */
const DEPLOYMENT = 'emb-small';
const API_VERSION = '2024-10-21';
const KEY = 'azure-key-0123';
let server: http.Server;
let origin: string;
const seen: { url: string; headers: http.IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (text += d));
    req.on('end', () => {
      seen.push({ url: req.url!, headers: req.headers });
      const send = (status: number, json: unknown) =>
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(json));
      if (req.url !== `/openai/deployments/${DEPLOYMENT}/embeddings?api-version=${API_VERSION}`)
        return send(404, { error: { code: '404', message: 'Resource not found' } });
      if (req.headers['api-key'] !== KEY || req.headers.authorization !== undefined)
        return send(401, { error: { code: '401', message: 'Access denied due to invalid subscription key.' } });
      const { input } = JSON.parse(text) as { input: string[] };
      send(200, {
        object: 'list',
        data: input.map((t, index) => ({ object: 'embedding', index, embedding: rawVector(t, 8) })),
        usage: { prompt_tokens: 1, total_tokens: 1 },
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => vi.unstubAllEnvs());

const spec = (base: string) =>
  `text-embedding-3-small@${base}/openai/deployments/${DEPLOYMENT}?api-version=${API_VERSION}`;

describe('the openai embedder against an Azure OpenAI deployment', () => {
  it('keeps api-version in the base URL and the id (joinUrl puts /embeddings before it)', () => {
    expect(parseOpenAISpec(spec('https://res.openai.azure.com'))).toEqual({
      model: 'text-embedding-3-small',
      baseUrl: `https://res.openai.azure.com/openai/deployments/${DEPLOYMENT}?api-version=${API_VERSION}`,
      id: `openai:text-embedding-3-small@https://res.openai.azure.com/openai/deployments/${DEPLOYMENT}?api-version=${API_VERSION}`,
    });
  });

  it('sends the key as api-key, never as Authorization, to /embeddings?api-version=...', async () => {
    vi.stubEnv('AZURE_OPENAI_API_KEY', KEY);
    vi.stubEnv('TESTBED_OPENAI_KEY_VAR', 'AZURE_OPENAI_API_KEY');
    // 127.0.0.1 is not an Azure host: the header is asked for, as behind a gateway.
    vi.stubEnv('TESTBED_OPENAI_KEY_HEADER', 'api-key');
    seen.length = 0;
    const embedder = await createOpenAIEmbedder(spec(origin));
    const { vectors } = await embedder.embed(['reset my password'], 'query');
    const raw = rawVector('reset my password', 8);
    const norm = Math.hypot(...raw);
    expect(Array.from(vectors[0]!)).toEqual(raw.map((x) => Math.fround(x / norm)));
    expect(seen.length).toBe(2); // the dims probe, then the text
    for (const s of seen) {
      expect(s.url).toBe(`/openai/deployments/${DEPLOYMENT}/embeddings?api-version=${API_VERSION}`);
      expect(s.headers['api-key']).toBe(KEY);
      expect(s.headers.authorization).toBeUndefined();
    }
  });

  it('with the key in Authorization (the header not asked for) Azure answers 401, and the error names the variable', async () => {
    vi.stubEnv('AZURE_OPENAI_API_KEY', KEY);
    vi.stubEnv('TESTBED_OPENAI_KEY_VAR', 'AZURE_OPENAI_API_KEY');
    const err = await createOpenAIEmbedder(spec(origin)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RemoteError);
    expect((err as RemoteError).message).toContain('answered 401');
    expect((err as RemoteError).message).toContain('from the environment variable AZURE_OPENAI_API_KEY');
    expect((err as RemoteError).message).not.toContain(KEY);
  });

  it('an Azure OpenAI host gets the api-key header without being told; any other host Authorization', () => {
    expect(isAzureOpenAIHost('https://res.openai.azure.com/openai/deployments/d')).toBe(true);
    expect(isAzureOpenAIHost('https://res.cognitiveservices.azure.com/openai/deployments/d')).toBe(true);
    expect(isAzureOpenAIHost('https://openai.azure.com.example.org/v1')).toBe(false);
    expect(keyHeaderFor('https://res.openai.azure.com/openai/deployments/d', undefined)).toBe('api-key');
    expect(keyHeaderFor('https://api.openai.com/v1', undefined)).toBe('authorization');
    expect(keyHeaderFor('https://res.openai.azure.com/x', 'authorization')).toBe('authorization');
  });
});

describe('the openai embedder over TLS', () => {
  let pki: TestPki;
  let front: string;
  beforeAll(async () => {
    pki = makeTestPki();
    front = await mutualTlsFront(pki, origin);
  });

  it('TESTBED_OPENAI_CA_FILE and the client certificate variables reach a mutual-TLS endpoint', async () => {
    vi.stubEnv('AZURE_OPENAI_API_KEY', KEY);
    vi.stubEnv('TESTBED_OPENAI_KEY_VAR', 'AZURE_OPENAI_API_KEY');
    vi.stubEnv('TESTBED_OPENAI_KEY_HEADER', 'api-key');
    vi.stubEnv('TESTBED_OPENAI_CA_FILE', pki.caCert);
    vi.stubEnv('TESTBED_OPENAI_CLIENT_CERT', pki.clientCert);
    vi.stubEnv('TESTBED_OPENAI_CLIENT_KEY', pki.clientKey);
    const embedder = await createOpenAIEmbedder(spec(front));
    expect(embedder.dims).toBe(8);
  });

  it('without the CA: the hint names TESTBED_OPENAI_CA_FILE', async () => {
    vi.stubEnv('TESTBED_OPENAI_RETRIES', '0');
    vi.stubEnv('TESTBED_OPENAI_CLIENT_CERT', pki.clientCert);
    vi.stubEnv('TESTBED_OPENAI_CLIENT_KEY', pki.clientKey);
    const err = await createOpenAIEmbedder(spec(front)).catch((e: unknown) => e);
    expect((err as Error).message).toContain(
      'give the CA certificate that signed it as TESTBED_OPENAI_CA_FILE (a PEM file), or set NODE_EXTRA_CA_CERTS to that file; TESTBED_OPENAI_INSECURE=1 skips the check',
    );
  });

  it('a missing PEM file is an error naming the variable and the file', async () => {
    vi.stubEnv('TESTBED_OPENAI_CA_FILE', `${pki.dir}/missing.pem`);
    await expect(createOpenAIEmbedder(spec(front))).rejects.toThrow(
      `embedder openai:text-embedding-3-small@${front}/openai/deployments/${DEPLOYMENT}?api-version=${API_VERSION}: TESTBED_OPENAI_CA_FILE ${pki.dir}/missing.pem cannot be read (no such file)`,
    );
  });
});
