import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { makeTestPki, mutualTlsFront, type TestPki } from '../remote/tls-fixtures.js';
import { sigV4Problems } from '../remote/sigv4-verifier.js';
import { FakeEngine } from './fake-engines.js';
import { buildPushIndexes, readStoredChunks } from './push-fixture.js';
import { timeBudget } from '../helpers/time-budget.js';

/**
 * `testbed push` to an engine behind mutual TLS (the fake engine behind an https front with a
 * private CA) and to one that checks AWS SigV4 on every request.
 */
const dir = tmpDir('push-tls-');
let files: { withVectors: string; noVectors: string };
let pki: TestPki;
let os: FakeEngine;
let front: string;

beforeAll(async () => {
  files = await buildPushIndexes(dir);
  pki = makeTestPki();
  os = await new FakeEngine('opensearch').start();
  front = await mutualTlsFront(pki, os.url);
});
afterAll(async () => {
  await os.close();
  vi.unstubAllEnvs();
});

const push = (...argv: string[]) => runCli(['push', ...argv]);
const client = ['--client-cert', '', '--client-key', ''];

describe('testbed push over TLS', () => {
  beforeAll(() => {
    client[1] = pki.clientCert;
    client[3] = pki.clientKey;
  });

  it('--ca-file with --client-cert/--client-key: every chunk arrives through the mutual-TLS front', async () => {
    const r = await push(
      files.withVectors,
      '--to',
      'opensearch',
      front,
      '--name',
      'tls',
      '--ca-file',
      pki.caCert,
      ...client,
    );
    expect(r.code, r.err).toBe(0);
    expect(os.indexes.get('tls')!.docs.size).toBe(readStoredChunks(files.withVectors).length);
    // The printed legs search the index the same way, and parse as a pipeline.
    const { legs } = parseYaml(r.out) as { legs: Record<string, unknown>[] };
    for (const leg of legs)
      expect(leg).toMatchObject({ ca_file: pki.caCert, client_cert: pki.clientCert, client_key: pki.clientKey });
    expect(parsePipeline({ legs }).legs.map((l) => l.name)).toEqual(['os-bm25', 'os-knn']);
  });

  it('without --ca-file: a remote failure naming the certificate problem and the --ca-file flag', async () => {
    const r = await push(files.withVectors, '--to', 'opensearch', front, '--name', 'tls2', ...client, '--retries', '0');
    expect(r.code).not.toBe(0);
    expect(r.err).toContain("the server's TLS certificate was not accepted (SELF_SIGNED_CERT_IN_CHAIN");
    expect(r.err).toContain(
      'as --ca-file (a PEM file), or set NODE_EXTRA_CA_CERTS to that file; --insecure skips the check',
    );
  });

  it('--insecure: pushes without the CA, warning on stderr', async () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const r = await push(files.withVectors, '--to', 'opensearch', front, '--name', 'tls3', '--insecure', ...client);
      expect(r.code, r.err).toBe(0);
      expect((parseYaml(r.out) as { legs: Record<string, unknown>[] }).legs[0]!.insecure).toBe(true);
      expect(write.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('not verified'))).toEqual([
        'warning: push to opensearch index "tls3": TLS certificates are not verified (insecure: true)\n',
      ]);
    } finally {
      write.mockRestore();
    }
  });

  it(
    'NODE_EXTRA_CA_CERTS instead of --ca-file: the process trusts the CA (a child, as Node reads it at start-up)',
    async () => {
      const bin = path.resolve(import.meta.dirname, '../../bin/testbed.js');
      const argv = [bin, 'push', files.noVectors, '--to', 'opensearch', front, '--name', 'extra-ca', ...client];
      const run = (env: NodeJS.ProcessEnv) =>
        new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
          // Asynchronous: the front and the engine answering the child live in this process.
          const child = spawn(process.execPath, argv, { env, stdio: ['ignore', 'ignore', 'pipe'] });
          let stderr = '';
          child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
          child.once('error', reject);
          child.once('close', (code) => resolve({ code, stderr }));
        });
      const withCa = await run({ ...process.env, NODE_EXTRA_CA_CERTS: pki.caCert });
      expect(withCa.code, withCa.stderr).toBe(0);
      expect(os.indexes.get('extra-ca')!.docs.size).toBe(readStoredChunks(files.noVectors).length);
      const { NODE_EXTRA_CA_CERTS: _, ...without } = process.env;
      const plain = await run({ ...without });
      expect(plain.code).not.toBe(0);
      expect(plain.stderr).toContain("the server's TLS certificate was not accepted");
    },
    timeBudget(60_000),
  );

  it('a missing PEM file: exit 2 naming the flag and the file, nothing sent', async () => {
    const before = os.requests.length;
    const r = await push(
      files.withVectors,
      '--to',
      'opensearch',
      front,
      '--name',
      'tls4',
      '--ca-file',
      `${dir}/none.pem`,
    );
    expect(r.code).toBe(2);
    expect(r.err).toContain(`push: --ca-file ${dir}/none.pem cannot be read (no such file)`);
    expect(os.requests.length).toBe(before);
  });
});

describe('testbed push --aws-sigv4', () => {
  const secret = { accessKeyId: 'AKIAPUSH', secretAccessKey: 'push/secret', region: 'us-west-2', service: 'aoss' };

  it('signs every request (create, bulk, refresh, count) for the region and service given', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', secret.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', secret.secretAccessKey);
    vi.stubEnv('AWS_SESSION_TOKEN', '');
    const before = os.requests.length;
    const r = await push(
      files.withVectors,
      '--to',
      'opensearch',
      os.url,
      '--name',
      'signed',
      '--aws-sigv4',
      'us-west-2:aoss',
    );
    expect(r.code, r.err).toBe(0);
    const sent = os.requests.slice(before);
    expect(sent.length).toBeGreaterThan(3);
    const { legs } = parseYaml(r.out) as { legs: Record<string, unknown>[] };
    expect(legs.map((l) => l.aws_sigv4)).toEqual([
      { region: 'us-west-2', service: 'aoss' },
      { region: 'us-west-2', service: 'aoss' },
    ]);
    for (const q of sent)
      expect(
        sigV4Problems({ method: q.method, target: q.path + q.query, headers: q.headers, body: q.body }, secret),
      ).toEqual([]);
  });

  it('without credentials, or to another engine: exit 2 saying what to set', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', '');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', '');
    const r = await push(files.withVectors, '--to', 'opensearch', os.url, '--name', 'x', '--aws-sigv4', 'eu-west-1');
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      'push signs its requests with AWS SigV4 and needs credentials in the environment: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set',
    );
    const q = await push(files.withVectors, '--to', 'qdrant', os.url, '--name', 'x', '--aws-sigv4', 'eu-west-1');
    expect(q.code).toBe(2);
    expect(q.err).toContain('--aws-sigv4 signs requests to Amazon OpenSearch Service: it goes with --to opensearch');
    const bad = await push(
      files.withVectors,
      '--to',
      'opensearch',
      os.url,
      '--name',
      'x',
      '--aws-sigv4',
      'eu-west-1:s3',
    );
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--aws-sigv4 must be REGION or REGION:SERVICE (es or aoss)');
  });
});
