import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RemoteClient } from '../../src/remote/remote-client.js';
import { RemoteError } from '../../src/remote/remote-error.js';
import { startFakeEngine, type FakeEngine } from '../retrievers/helpers/fake-engine.js';

/** An engine that refuses everyone: 401 on /401, 403 elsewhere, quoting the Authorization header it got as some servers do. */
let engine: FakeEngine;
beforeAll(async () => {
  engine = await startFakeEngine((req) => ({
    status: req.path === '/401' ? 401 : 403,
    json: { error: `security_exception: unable to authenticate with ${req.headers.authorization ?? 'nothing'}` },
  }));
});
afterAll(() => engine.close());

const caller = { what: 'leg "es"', queryId: 'q1' };
const refusal = async (client: RemoteClient, url: string) => {
  const err = await client.request({ method: 'POST', url, json: {}, caller }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(RemoteError);
  return (err as RemoteError).message;
};

describe('401 and 403 name where the credentials came from', () => {
  it('names the environment variable(s) the credential headers read, and never repeats their values', async () => {
    vi.stubEnv('ES_API_KEY', 'c2VjcmV0LWtleQ==');
    vi.stubEnv('TENANT_TOKEN', 'tenant-token-77');
    const client = new RemoteClient({
      headers: { Authorization: 'ApiKey ${env:ES_API_KEY}', 'X-Tenant': '${env:TENANT_TOKEN}' },
    });
    const message = await refusal(client, `${engine.url}/401`);
    expect(message).toBe(
      `leg "es", query q1: POST ${engine.url}/401 answered 401: {"error":"security_exception: unable to authenticate with ApiKey (secret)"} ` +
        '(the credentials sent came from the environment variable ES_API_KEY (header Authorization) and the environment variable TENANT_TOKEN (header X-Tenant): check that value and what it is allowed to do)',
    );
    vi.unstubAllEnvs();
  });

  it("names the URL's user:password when that is what was sent, and cuts the password and its Basic token out of the echo", async () => {
    const client = new RemoteClient();
    const message = await refusal(client, `${engine.url.replace('//', '//elastic:CANARY-77@')}/403`);
    expect(message).toContain('answered 403');
    expect(message).toContain("(the credentials sent came from the URL's user:password (sent as Authorization: Basic)");
    expect(message).toContain('unable to authenticate with Basic (secret)');
    expect(message).not.toContain('CANARY-77');
    expect(message).not.toContain(Buffer.from('elastic:CANARY-77').toString('base64'));
  });

  it('with only known-safe headers sent, says which setting sends credentials', async () => {
    const message = await refusal(new RemoteClient({ headers: { 'User-Agent': 'probe/1' } }), `${engine.url}/401`);
    expect(message).toMatch(
      /answered 401: .*unable to authenticate with nothing.* \(no credentials were sent: give the caller headers that read them from the environment \(e\.g\. headers: \{Authorization: "ApiKey \$\{env:ES_API_KEY\}"\}\), or write user:password@ in its URL\)$/,
    );
  });

  it('a header written out (no ${env:}) is named as such, its value never shown', async () => {
    const message = await refusal(
      new RemoteClient({ headers: { Authorization: 'Bearer literal-key-123' } }),
      `${engine.url}/403`,
    );
    expect(message).toContain('unable to authenticate with (secret)');
    expect(message).toContain('(the credentials sent came from header Authorization as written in the settings');
    expect(message).not.toContain('literal-key-123');
  });

  it('a key under a name no pattern guesses (X-Auth) is named as the credential sent', async () => {
    const message = await refusal(new RemoteClient({ headers: { 'X-Auth': 'xauth-literal-91' } }), `${engine.url}/401`);
    expect(message).toContain('(the credentials sent came from header X-Auth as written in the settings');
    expect(message).not.toContain('xauth-literal-91');
  });
});
