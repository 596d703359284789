import { beforeAll, describe, expect, it, vi } from 'vitest';
import { InputError } from '../../src/errors.js';
import { RemoteClient } from '../../src/remote/remote-client.js';
import { RemoteError } from '../../src/remote/remote-error.js';
import { makeTestPki, mutualTlsServer, selfSignedServer, type TestPki } from './tls-fixtures.js';

let pki: TestPki;
let base: string;
let selfSigned: string;
const caller = { what: 'leg "private-os"', queryId: 'q1' };
const noSleep = async () => {};

beforeAll(async () => {
  pki = makeTestPki();
  base = await mutualTlsServer(pki, { ok: true });
  selfSigned = await selfSignedServer(pki, { self: true });
});

async function failure(client: RemoteClient, url = `${base}/`): Promise<RemoteError> {
  const err = await client.request({ method: 'GET', url, caller }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(RemoteError);
  return err as RemoteError;
}

describe('TLS towards a server with a private CA that requires a client certificate', () => {
  it('without ca_file: one clear error naming the certificate problem and the ca_file option, not retried', async () => {
    const err = await failure(new RemoteClient({ retries: 2 }, noSleep));
    expect(err.message).toMatch(/leg "private-os", query q1: GET https:\/\/127\.0\.0\.1:\d+\/: /);
    // OpenSSL names a chain ending in an unknown root so.
    expect(err.message).toContain("the server's TLS certificate was not accepted (SELF_SIGNED_CERT_IN_CHAIN");
    expect(err.message).toContain('as ca_file (a PEM file), or set NODE_EXTRA_CA_CERTS');
    expect(err.message).not.toContain('after');
    expect(err.stack ?? '').not.toMatch(/DEPTH_ZERO_SELF_SIGNED_CERT\n\s+at /);
  });

  it('a self-signed server certificate (the case of the issue): refused with the hint, accepted with itself as ca_file', async () => {
    const err = await failure(new RemoteClient({ retries: 0 }), `${selfSigned}/`);
    expect(err.message).toContain(
      "the server's TLS certificate was not accepted (DEPTH_ZERO_SELF_SIGNED_CERT: self-signed certificate): give the CA certificate that signed it as ca_file (a PEM file), or set NODE_EXTRA_CA_CERTS to that file; insecure: true skips the check (test clusters only)",
    );
    const res = await new RemoteClient({ tls: { caFile: pki.selfSignedCert } }).request({
      method: 'GET',
      url: `${selfSigned}/`,
      caller,
    });
    expect(res.body).toEqual({ self: true });
  });

  it('a ca_file that does not hold the signing CA says so', async () => {
    const err = await failure(new RemoteClient({ retries: 0, tls: { caFile: pki.selfSignedCert } }));
    expect(err.message).toContain(`ca_file ${pki.selfSignedCert} does not hold the CA that signed it`);
  });

  it('with ca_file and the client certificate: the call succeeds', async () => {
    const client = new RemoteClient({
      tls: { caFile: pki.caCert, clientCert: pki.clientCert, clientKey: pki.clientKey },
    });
    const res = await client.request({ method: 'GET', url: `${base}/`, caller });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('with ca_file but no client certificate: the server refuses, and the error says to set client_cert and client_key', async () => {
    const err = await failure(new RemoteClient({ retries: 0, tls: { caFile: pki.caCert } }));
    expect(err.message).toContain('the server refused the TLS handshake (ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED)');
    expect(err.message).toContain('set client_cert and client_key');
  });

  it('insecure: true reaches the server without its CA, and warns once on stderr naming the caller', async () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const client = new RemoteClient({
        tls: { insecure: true, clientCert: pki.clientCert, clientKey: pki.clientKey },
      });
      const insecureCaller = { what: 'leg "test-cluster"' };
      for (let i = 0; i < 2; i++) {
        const res = await client.request({ method: 'GET', url: `${base}/`, caller: insecureCaller });
        expect(res.body).toEqual({ ok: true });
      }
      const warnings = write.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('not verified'));
      expect(warnings).toEqual(['warning: leg "test-cluster": TLS certificates are not verified (insecure: true)\n']);
    } finally {
      write.mockRestore();
    }
  });

  it('a missing or non-PEM file, or a certificate without its key, is an InputError naming the file when the client is made', () => {
    const make = (tls: ConstructorParameters<typeof RemoteClient>[0]) => () => new RemoteClient(tls);
    expect(make({ tls: { caFile: `${pki.dir}/nope.pem`, what: 'leg "os"' } })).toThrow(
      new InputError(`leg "os": ca_file ${pki.dir}/nope.pem cannot be read (no such file)`),
    );
    expect(make({ tls: { caFile: `${pki.dir}/server.ext`, what: 'leg "os"' } })).toThrow(
      new InputError(`leg "os": ca_file ${pki.dir}/server.ext is not a PEM file (no "-----BEGIN" line)`),
    );
    expect(make({ tls: { clientCert: pki.clientCert, what: 'leg "os"' } })).toThrow(
      'leg "os": client_cert and client_key go together',
    );
    // The server's key with the client's certificate: both PEM, not a pair.
    expect(make({ tls: { clientCert: pki.clientCert, clientKey: pki.serverKey, what: 'leg "os"' } })).toThrow(
      /leg "os": the TLS files do not load \(client_cert .*client\.pem, client_key .*server\.key\)/,
    );
  });
});
