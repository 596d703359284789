import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExperimentReport } from '../../src/reports/report-model.js';
import { TINY_BEIR } from '../helpers/tmp.js';
import { makeTestPki, mutualTlsServer, type TestPki } from '../remote/tls-fixtures.js';
import { timeBudget } from '../helpers/time-budget.js';

/**
 * `testbed experiment` (the real CLI, in a child process) with http legs against an https server
 * behind a private CA that requires a client certificate: verified through ca_file, unverified
 * through `insecure: true` (warned on stderr and in both reports), and refused without the CA
 * (every query failed, with the hint). The PEM paths are relative, read from the directory the
 * command runs in, as a run leg's file is.
 */
const BIN = path.resolve(import.meta.dirname, '../../bin/testbed.js');
/** The server's answer to every query: two documents of the tiny corpus. */
const HITS = {
  hits: [
    { doc_id: 'faq-reset', score: 2 },
    { doc_id: 'error-e1042', score: 1 },
  ],
};

let pki: TestPki;
let base: string;

beforeAll(async () => {
  pki = makeTestPki();
  base = await mutualTlsServer(pki, HITS);
});

function run(cwd: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    // Asynchronous: the https server answering the child lives in this process.
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: { ...process.env, TESTBED_HOME: path.join(cwd, 'home') },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr }));
  });
}

describe('an experiment over http legs behind TLS', () => {
  it(
    'verified and insecure legs answer alike; insecure is warned on stderr and in both reports; no CA fails every query with the hint',
    async () => {
      const leg = (name: string, extra: string) =>
        `{ type: http, name: ${name}, url: "${base}/search?q={{query}}", hits: hits, id: doc_id, score: score, client_cert: client.pem, client_key: client.key, ${extra} }`;
      fs.writeFileSync(
        path.join(pki.dir, 'tls.yaml'),
        `name: tls
corpus: ${TINY_BEIR}
level: doc
ks: [10]
metrics: [ndcg@10]
output: out
grid:
  chunkers: [doc]
  embedders: [none]
  tokenizers: [auto]
  retrievers:
    - { name: verified, legs: [${leg('private', 'ca_file: ca.pem')}] }
    - { name: unverified, legs: [${leg('test-cluster', 'insecure: true')}] }
    - { name: untrusted, legs: [${leg('no-ca', 'retries: 0')}] }
`,
      );
      const { code, stderr } = await run(pki.dir, ['experiment', 'tls.yaml']);
      expect(code, stderr).toBe(0);
      const warnings = stderr.split('\n').filter((l) => l.includes('not verified'));
      expect(warnings).toEqual(['warning: leg "test-cluster": TLS certificates are not verified (insecure: true)']);

      const report = JSON.parse(fs.readFileSync(path.join(pki.dir, 'out', 'report.json'), 'utf8')) as ExperimentReport;
      const by = (name: string) => report.configs.find((c) => c.name === name)!;
      const endpoint = `GET ${base}/search?q={{query}}`;
      expect(by('verified').endpoints).toEqual([{ leg: 'private', endpoint }]);
      expect(by('unverified').endpoints).toEqual([{ leg: 'test-cluster', endpoint, insecure: true }]);
      // The same server answered both: every query, the same score.
      expect(by('verified').failedQueries).toBeUndefined();
      expect(by('unverified').perQuery).toEqual(by('verified').perQuery);
      // Without the CA nothing is answered, and the report says why and what to set.
      const untrusted = by('untrusted').failedQueries!;
      // Failed counts count answerable queries only (an unanswerable one is scored nowhere).
      expect(untrusted.count).toBe(report.queries.answerable);
      expect(untrusted.first[0]!.message).toContain(
        "the server's TLS certificate was not accepted (SELF_SIGNED_CERT_IN_CHAIN: self-signed certificate in certificate chain): give the CA certificate that signed it as ca_file (a PEM file), or set NODE_EXTRA_CA_CERTS to that file",
      );

      const md = fs.readFileSync(path.join(pki.dir, 'out', 'report.md'), 'utf8');
      expect(md).toContain(
        '> **Warning: TLS certificates not verified** (`insecure: true`) for test-cluster of `unverified`: their answers came from servers whose identity was not checked.',
      );
      expect(md).toContain(`| \`unverified\` | test-cluster | \`${endpoint}\` (TLS certificate not verified) |`);
      expect(md).toContain(`| \`verified\` | private | \`${endpoint}\` |`);
    },
    timeBudget(120_000),
  );
});
