import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHashEmbedder } from '../../src/embedders/hash.js';
import { InputError } from '../../src/errors.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { RemoteClient } from '../../src/remote/remote-client.js';
import { sigV4Signer } from '../../src/remote/sigv4.js';
import { Searcher } from '../../src/search/searcher.js';
import { tmpDir } from '../helpers/tmp.js';
import { searchAnswer } from '../retrievers/helpers/fake-engine.js';
import { buildFilterIndex } from '../store/filter-fixture.js';
import { type ReceivedRequest, type SigV4Secret, sigV4Problems, sigV4Signature } from './sigv4-verifier.js';

const SECRET: SigV4Secret = {
  accessKeyId: 'AKIATESTBED',
  secretAccessKey: 'testbed/secret+key',
  region: 'eu-west-1',
  service: 'es',
};
const TOKEN = 'session-token-of-a-role';
const ENV = { AWS_ACCESS_KEY_ID: SECRET.accessKeyId, AWS_SECRET_ACCESS_KEY: SECRET.secretAccessKey };

/** An OpenSearch Service stand-in: checks every request's signature (sigv4-verifier.ts) and answers 403 when it fails, as AWS does. */
let server: http.Server;
let base: string;
const received: (ReceivedRequest & { problems: string[] })[] = [];
/** Answers 503 to this many requests first (each checked all the same). */
let failFirst = 0;
let sessionToken: string | undefined;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => {
      const r = { method: req.method!, target: req.url!, headers: req.headers, body };
      const problems = sigV4Problems(r, SECRET, sessionToken);
      received.push({ ...r, problems });
      const send = (status: number, json: unknown) =>
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(json));
      if (problems.length) return send(403, { message: problems.join('; ') });
      if (failFirst > 0) return (failFirst--, send(503, { message: 'busy' }));
      send(200, searchAnswer([{ _id: 'd3', _score: 2.5 }]).json);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('the SigV4 check written from the documented algorithm', () => {
  // AWS's Signature Version 4 test suite (AWS General Reference): its example credentials,
  // 2015-08-30 12:36:00 UTC, region us-east-1, service "service", and its published signatures.
  const EXAMPLE = {
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    region: 'us-east-1',
    service: 'service',
  };
  const vanilla = (query: string) =>
    sigV4Signature(
      {
        method: 'GET',
        path: '/',
        query,
        headers: { host: 'example.amazonaws.com', 'x-amz-date': '20150830T123600Z' },
        payloadHash: createHash('sha256').update('').digest('hex'),
        amzDate: '20150830T123600Z',
      },
      EXAMPLE,
    ).signature;

  it('get-vanilla: the published signature', () => {
    expect(vanilla('')).toBe('5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31');
  });

  it('get-vanilla-query-order-key-case: parameters sorted before signing, the published signature', () => {
    expect(vanilla('Param2=value2&Param1=value1')).toBe(
      'b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500',
    );
  });
});

describe('requests signed with AWS SigV4', () => {
  it('every attempt is signed anew: a retry after a 503 carries a later x-amz-date, both valid, with the session token and body hash', async () => {
    received.length = 0;
    failFirst = 1;
    sessionToken = TOKEN;
    let t = Date.UTC(2026, 0, 2, 3, 4, 5);
    const clock = () => new Date((t += 7000));
    const client = new RemoteClient(
      {
        sign: sigV4Signer(
          { region: 'eu-west-1', service: 'es' },
          'leg "aws"',
          { ...ENV, AWS_SESSION_TOKEN: TOKEN },
          clock,
        ),
      },
      async () => {},
    );
    // A comma in the index list is sent as %2C and must be encoded again in the canonical path.
    const res = await client.request({
      method: 'POST',
      url: `${base}/docs%2Cmore/_search?search_pipeline=norm&size=3`,
      json: { query: { match: { text: 'reset' } } },
      caller: { what: 'leg "aws"' },
    });
    expect(res.status).toBe(200);
    expect(received.map((r) => r.problems)).toEqual([[], []]);
    expect(received.map((r) => r.headers['x-amz-date'])).toEqual(['20260102T030412Z', '20260102T030419Z']);
    expect(received[0]!.headers['x-amz-security-token']).toBe(TOKEN);
  });

  it('the check catches tampering: a signature over another body is refused', async () => {
    received.length = 0;
    sessionToken = undefined;
    const sign = sigV4Signer({ region: 'eu-west-1', service: 'es' }, 'leg "aws"', ENV);
    const headers = await sign({ method: 'POST', url: `${base}/docs/_search`, headers: {}, body: '{"a":1}' });
    const res = await fetch(`${base}/docs/_search`, { method: 'POST', headers, body: '{"a":2}' });
    expect(res.status).toBe(403);
    expect(received[0]!.problems[0]).toBe('x-amz-content-sha256 is not the body hash');
  });

  it('missing credentials: an error naming the variables', () => {
    expect(() => sigV4Signer({ region: 'eu-west-1', service: 'aoss' }, 'leg "aws"', {})).toThrow(
      'leg "aws" signs its requests with AWS SigV4 and needs credentials in the environment: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set (with AWS_SESSION_TOKEN too for temporary credentials)',
    );
    expect(() =>
      sigV4Signer({ region: 'eu-west-1', service: 'aoss' }, 'leg "aws"', { AWS_ACCESS_KEY_ID: 'x' }),
    ).toThrow('AWS_SECRET_ACCESS_KEY is not set');
  });
});

describe('an opensearch leg with aws_sigv4', () => {
  const embedder = createHashEmbedder(64);
  let searcher: Searcher;
  beforeAll(async () => {
    searcher = new Searcher('vectors', await buildFilterIndex(tmpDir('sigv4-leg-'), embedder), async () => embedder);
  });
  afterAll(() => {
    searcher.close();
    vi.unstubAllEnvs();
  });
  // The index keeps one client per leg as spelt, so each test names its leg apart.
  const pipeline = (name: string) =>
    parsePipeline({
      legs: [{ type: 'opensearch', name, url: base, index: 'docs', aws_sigv4: { region: 'eu-west-1' } }],
      k: 5,
      level: 'doc',
    });

  it('signs its _search with the environment credentials (service es by default) and ranks the answer', async () => {
    received.length = 0;
    sessionToken = undefined;
    vi.stubEnv('AWS_ACCESS_KEY_ID', SECRET.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', SECRET.secretAccessKey);
    vi.stubEnv('AWS_SESSION_TOKEN', '');
    const result = await searcher.retrieve(await searcher.prepare(pipeline('aws-os')), 'password reset', {
      queryId: 'q1',
    });
    expect(received.map((r) => [r.target, r.problems])).toEqual([['/docs/_search', []]]);
    expect(result.hits.map((h) => h.docId)).toEqual(['d3']);
  });

  it('an opensearch-hybrid leg signs its pipeline PUT and its _search?search_pipeline= alike', async () => {
    received.length = 0;
    vi.stubEnv('AWS_ACCESS_KEY_ID', SECRET.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', SECRET.secretAccessKey);
    const hybrid = parsePipeline({
      legs: [
        { type: 'opensearch-hybrid', name: 'aws-hybrid', url: base, index: 'docs', aws_sigv4: { region: 'eu-west-1' } },
      ],
      k: 5,
      level: 'doc',
    });
    await searcher.retrieve(await searcher.prepare(hybrid), 'password reset', { queryId: 'q1' });
    const methods = received.map((r) => `${r.method} ${r.target.replace(/\?.*/, '?…')}`);
    expect(methods).toContain('POST /docs/_search?…');
    expect(methods.some((m) => m.startsWith('PUT /_search/pipeline/'))).toBe(true);
    expect(received.map((r) => r.problems)).toEqual(received.map(() => []));
  });

  it('without credentials the leg is refused before any request, naming the variables', async () => {
    received.length = 0;
    vi.stubEnv('AWS_ACCESS_KEY_ID', '');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', '');
    const err = await searcher
      .prepare(pipeline('no-keys'))
      .then((p) => searcher.retrieve(p, 'password reset', { queryId: 'q1' }))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toContain(
      'leg "no-keys" signs its requests with AWS SigV4 and needs credentials in the environment: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set',
    );
    expect(received).toEqual([]);
  });
});
