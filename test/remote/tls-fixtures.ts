import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll } from 'vitest';
import { tmpDir } from '../helpers/tmp.js';

/** PEM files made for one test file: a CA, a server certificate for 127.0.0.1 and a client certificate, both signed by it. */
export interface TestPki {
  dir: string;
  caCert: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
  /** A self-signed server certificate for 127.0.0.1 and its key. */
  selfSignedCert: string;
  selfSignedKey: string;
}

/**
 * A throwaway PKI made with the system's openssl (P-256 keys, valid two days): what a private
 * OpenSearch cluster or a mutual-TLS gateway would present. Nothing here is trusted by Node's
 * bundled CAs, so the only way to reach the server is to be told about the CA.
 */
export function makeTestPki(): TestPki {
  const dir = tmpDir('testbed-tls-');
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=testbed test CA');
  const signed = (name: string, cn: string, ext: string) => {
    openssl('req', ...ec, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${cn}`);
    fs.writeFileSync(file(`${name}.ext`), ext);
    openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      `${name}.pem`,
      '-days',
      '2',
      '-extfile',
      `${name}.ext`,
    );
  };
  signed('server', '127.0.0.1', 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  signed('client', 'testbed client', 'extendedKeyUsage=clientAuth\n');
  // A certificate that signs itself, as `opensearch` demo installs and dev clusters ship.
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    'self.key',
    '-out',
    'self.pem',
    '-days',
    '2',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
  );
  return {
    dir,
    caCert: file('ca.pem'),
    serverCert: file('server.pem'),
    serverKey: file('server.key'),
    clientCert: file('client.pem'),
    clientKey: file('client.key'),
    selfSignedCert: file('self.pem'),
    selfSignedKey: file('self.key'),
  };
}

/** An https server on 127.0.0.1 presenting the self-signed certificate, no client certificate asked; answers `answer`. */
export async function selfSignedServer(pki: TestPki, answer: unknown): Promise<string> {
  return listen(
    https.createServer(
      { key: fs.readFileSync(pki.selfSignedKey), cert: fs.readFileSync(pki.selfSignedCert) },
      (_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer)),
    ),
  );
}

/**
 * An https server on 127.0.0.1 with the PKI's server certificate that requires a client
 * certificate signed by the same CA (mutual TLS) and answers every request with `answer`.
 * Returns its base URL; closed after the test file.
 */
export async function mutualTlsServer(pki: TestPki, answer: unknown): Promise<string> {
  const server = https.createServer(
    {
      key: fs.readFileSync(pki.serverKey),
      cert: fs.readFileSync(pki.serverCert),
      ca: fs.readFileSync(pki.caCert),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer)),
  );
  return listen(server);
}

/**
 * A mutual-TLS front (the PKI's server certificate, a client certificate required) that passes
 * every request on to `target` over plain http and its answer back: an in-test engine behind
 * the TLS a production cluster has. Returns the front's base URL.
 */
export async function mutualTlsFront(pki: TestPki, target: string): Promise<string> {
  const server = https.createServer(
    {
      key: fs.readFileSync(pki.serverKey),
      cert: fs.readFileSync(pki.serverCert),
      ca: fs.readFileSync(pki.caCert),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      const upstream = http.request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
    },
  );
  return listen(server);
}

async function listen(server: https.Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
