import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseOpenAISpec } from '../../src/embedders/openai-spec.js';
import { openAISettings } from '../../src/embedders/openai-settings.js';
import { checkEmbedderSpec, createEmbedder } from '../../src/embedders/registry.js';
import { checkServedEmbedderSpec } from '../../src/embedders/served-embedder.js';
import { ForbiddenError, InputError } from '../../src/errors.js';

afterEach(() => vi.unstubAllEnvs());

describe('parseOpenAISpec', () => {
  it('splits the model from the base URL at the @ that starts it; model names keep / and : (hub ids, Ollama tags)', () => {
    expect(parseOpenAISpec('text-embedding-3-small@https://api.openai.com/v1')).toEqual({
      model: 'text-embedding-3-small',
      baseUrl: 'https://api.openai.com/v1',
      id: 'openai:text-embedding-3-small@https://api.openai.com/v1',
    });
    expect(parseOpenAISpec('BAAI/bge-m3@http://127.0.0.1:8080/v1').model).toBe('BAAI/bge-m3');
    expect(parseOpenAISpec('nomic-embed-text:latest@http://localhost:11434/v1').model).toBe('nomic-embed-text:latest');
  });

  it('writes one id for a URL with or without its trailing slash, and keeps dimensions in it', () => {
    expect(parseOpenAISpec('m@http://h:8080/v1/').id).toBe('openai:m@http://h:8080/v1');
    expect(parseOpenAISpec('m@http://h:8080/v1/#dimensions=256')).toEqual({
      model: 'm',
      baseUrl: 'http://h:8080/v1',
      dimensions: 256,
      id: 'openai:m@http://h:8080/v1#dimensions=256',
    });
  });

  it.each([
    [undefined, /needs a model and a base URL: openai:<model>@<base-url>\[#dimensions=N\]/],
    ['text-embedding-3-small', /needs a model and a base URL/],
    ['m@ftp://h/v1', /needs a model and a base URL/],
    ['@http://h/v1', /the model before "@" must be a name/],
    ['my model@http://h/v1', /the model before "@" must be a name without spaces/],
    ['m@http://', /embedder openai:m: "http:\/\/" is not an absolute URL/],
    ['m@https://user:sk-secret@h/v1', /must not hold credentials .* environment variable/],
    [
      'm@https://h/v1?api-key=sk-1&api-version=1',
      /query string holds a key-like parameter \(https:\/\/h\/v1\?api-key=\(set\)&api-version=1\)/,
    ],
    ['m@http://h/v1#dims=8', /only dimensions=N .* got "#dims=8"/],
    ['m@http://h/v1#dimensions=0', /only dimensions=N \(an integer in 1\.\.65536\)/],
  ])('refuses %s with a clear error', (arg, message) => {
    expect(() => parseOpenAISpec(arg)).toThrow(InputError);
    expect(() => parseOpenAISpec(arg)).toThrow(message);
  });

  it('keeps a query string (Azure api-version) in the base URL and the id, and calls /embeddings before it', () => {
    expect(parseOpenAISpec('m@https://h/openai/deployments/d/?api-version=2024-02-01#dimensions=8')).toEqual({
      model: 'm',
      baseUrl: 'https://h/openai/deployments/d?api-version=2024-02-01',
      dimensions: 8,
      id: 'openai:m@https://h/openai/deployments/d?api-version=2024-02-01#dimensions=8',
    });
  });

  it('never repeats credentials in its error', () => {
    expect(() => parseOpenAISpec('m@https://user:sk-secret@h/v1')).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('sk-secret') }),
    );
  });
});

describe('the registry and the server check openai specs', () => {
  it('checkEmbedderSpec and createEmbedder refuse a malformed spec before any request', async () => {
    expect(() => checkEmbedderSpec('openai:m@http://h:8080/v1')).not.toThrow();
    expect(() => checkEmbedderSpec('openai:m')).toThrow(/openai:<model>@<base-url>/);
    await expect(createEmbedder('openai:m@not-a-url')).rejects.toThrow(InputError);
  });

  it('names the openai form among the known embedders', async () => {
    await expect(createEmbedder('opneai:m@http://h/v1')).rejects.toThrow(
      /expected one of none, hash\[:DIMS\], use-lite, transformers:<model>, auto, openai:<model>@<base-url>\[#dimensions=N\]/,
    );
  });

  it('over HTTP the base URL must be an allowed origin (none by default)', () => {
    const spec = 'openai:m@http://10.0.0.5:8080/v1';
    expect(() => checkServedEmbedderSpec(spec, { field: 'embedder' })).toThrow(ForbiddenError);
    expect(() => checkServedEmbedderSpec(spec, { field: 'embedder' }, [])).toThrow(
      /embedder openai:m@http:\/\/10\.0\.0\.5:8080\/v1 \(embedder\): this server does not call http:\/\/10\.0\.0\.5:8080; start it with --allow-remote http:\/\/10\.0\.0\.5:8080/,
    );
    expect(() => checkServedEmbedderSpec(spec, {}, ['http://other:8080'])).toThrow(ForbiddenError);
    expect(() => checkServedEmbedderSpec(spec, {}, ['http://10.0.0.5:8080/'])).not.toThrow();
    expect(() => checkServedEmbedderSpec(spec, {}, 'any')).not.toThrow();
    // The form is checked first: a malformed spec is a 400, not a 403.
    expect(() => checkServedEmbedderSpec('openai:m@http://', {}, 'any')).toThrow(InputError);
  });
});

describe('openAISettings', () => {
  const base = 'http://127.0.0.1:9/v1';

  it('has documented defaults', () => {
    expect(openAISettings('m', base, {})).toEqual({
      batch: 64,
      maxChars: 100_000,
      concurrency: 8,
      timeoutMs: 60_000,
      retries: 4,
      backoffMs: 500,
      maxResponseMb: 32,
      maxTokens: 512,
      maxTokensKnown: false,
      keyVariable: undefined,
      keyHeader: 'authorization',
    });
  });

  it('reads every TESTBED_OPENAI_* variable', () => {
    const env = {
      TESTBED_OPENAI_BATCH: '8',
      TESTBED_OPENAI_MAX_CHARS: '1000',
      TESTBED_OPENAI_CONCURRENCY: '2',
      TESTBED_OPENAI_TIMEOUT_MS: '500',
      TESTBED_OPENAI_RETRIES: '0',
      TESTBED_OPENAI_BACKOFF_MS: '10',
      TESTBED_OPENAI_MAX_RESPONSE_MB: '2',
      TESTBED_OPENAI_MAX_TOKENS: '8192',
      TESTBED_OPENAI_KEY_VAR: 'MY_KEY',
      TESTBED_OPENAI_KEY_HEADER: 'api-key',
      TESTBED_OPENAI_CA_FILE: 'ca.pem',
      TESTBED_OPENAI_CLIENT_CERT: 'client.pem',
      TESTBED_OPENAI_CLIENT_KEY: 'client.key',
      TESTBED_OPENAI_INSECURE: '1',
      MY_KEY: 'x',
    };
    expect(openAISettings('m', base, env)).toEqual({
      batch: 8,
      maxChars: 1000,
      concurrency: 2,
      timeoutMs: 500,
      retries: 0,
      backoffMs: 10,
      maxResponseMb: 2,
      maxTokens: 8192,
      maxTokensKnown: true,
      keyVariable: 'MY_KEY',
      keyHeader: 'api-key',
      tls: {
        caFile: 'ca.pem',
        clientCert: 'client.pem',
        clientKey: 'client.key',
        insecure: true,
        names: {
          caFile: 'TESTBED_OPENAI_CA_FILE',
          clientCert: 'TESTBED_OPENAI_CLIENT_CERT',
          clientKey: 'TESTBED_OPENAI_CLIENT_KEY',
          insecure: 'TESTBED_OPENAI_INSECURE=1',
        },
      },
    });
  });

  it('sends OPENAI_API_KEY to api.openai.com without being asked, and to no other origin', () => {
    expect(openAISettings('m', 'https://api.openai.com/v1', { OPENAI_API_KEY: 'k' }).keyVariable).toBe(
      'OPENAI_API_KEY',
    );
    expect(openAISettings('m', 'https://api.openai.com/v1', {}).keyVariable).toBeUndefined();
    expect(openAISettings('m', 'https://gateway.example/v1', { OPENAI_API_KEY: 'k' }).keyVariable).toBeUndefined();
    expect(
      openAISettings('m', 'https://gateway.example/v1', {
        OPENAI_API_KEY: 'k',
        TESTBED_OPENAI_KEY_VAR: 'OPENAI_API_KEY',
      }).keyVariable,
    ).toBe('OPENAI_API_KEY');
  });

  it.each([
    [{ TESTBED_OPENAI_BATCH: '0' }, 'TESTBED_OPENAI_BATCH must be an integer in 1..2048, got "0"'],
    [{ TESTBED_OPENAI_BATCH: '4096' }, 'TESTBED_OPENAI_BATCH must be an integer in 1..2048, got "4096"'],
    [{ TESTBED_OPENAI_CONCURRENCY: 'many' }, 'TESTBED_OPENAI_CONCURRENCY must be an integer in 1..256, got "many"'],
    [{ TESTBED_OPENAI_TIMEOUT_MS: '1.5' }, 'TESTBED_OPENAI_TIMEOUT_MS must be an integer in 1..3600000, got "1.5"'],
    // Never echoed: a key pasted here by mistake must not reach a log.
    [
      { TESTBED_OPENAI_KEY_VAR: 'Bearer sk-1' },
      'TESTBED_OPENAI_KEY_VAR must be the name of the environment variable holding the key (letters, digits and _), not the key',
    ],
  ])('refuses %o, naming the variable', (env, message) => {
    expect(() => openAISettings('m', base, env)).toThrow(new InputError(message));
  });
});
