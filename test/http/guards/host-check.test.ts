import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostOf, normaliseHostName } from '../../../src/http/guards/host-check.js';
import { startServer } from '../../../src/http/start-server.js';
import { tmpDir } from '../../helpers/tmp.js';
import { webFixture, type WebFixture } from '../../web/helpers/web-fixture.js';
import { expectRefused, JUDGEMENT, post } from './guard-fixture.js';

const SEARCH = '/search/bm25?index=tiny&q=harbor';
const as = (host: string) => ({ headers: { host } });

let fx: WebFixture;
let lan: WebFixture;
beforeAll(async () => {
  fx = await webFixture(tmpDir('guard-host-'));
  lan = await webFixture(tmpDir('guard-host-lan-'), { allowedHosts: ['Testbed.LAN', '::ffff:7f00:1'] });
});
afterAll(async () => {
  await fx.catalog.close();
  await lan.catalog.close();
});

describe('hostOf and normaliseHostName', () => {
  it.each([
    ['localhost', 'localhost'],
    ['LOCALHOST:8787', 'localhost'],
    ['127.0.0.1:80', '127.0.0.1'],
    ['[::1]', '[::1]'],
    ['[::1]:8787', '[::1]'],
    ['user@localhost', undefined],
    ['localhost/x', undefined],
    ['localhost:', undefined],
    ['::1', undefined],
    ['', undefined],
  ])('Host %j -> %j', (header, host) => {
    expect(hostOf(header)).toBe(host);
  });

  it('bare IPv6 gets brackets; a port or a path is a mistake', () => {
    expect(normaliseHostName('::1')).toBe('[::1]');
    expect(normaliseHostName('[0:0:0:0:0:0:0:1]')).toBe('[::1]');
    expect(() => normaliseHostName('[::1::2]')).toThrow(/not a valid IPv6/);
    expect(normaliseHostName('Box.Local')).toBe('box.local');
    expect(() => normaliseHostName('box.local:8787')).toThrow(/without a port/);
    expect(() => normaliseHostName('http://box')).toThrow(/not a host name/);
  });
});

describe("the Host must be one of the server's names, on reads and writes (403 host_not_allowed)", () => {
  it('a foreign Host on a read (search): what DNS rebinding sends', async () => {
    const res = await fx.app.request(SEARCH, as('attacker.example'));
    expect(res.status).toBe(403);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('host_not_allowed');
    expect(body.error.message).toContain('"attacker.example"');
    expect(body.error.message).toContain('--allowed-host');
    // No hit, no index name leaks.
    expect(JSON.stringify(body)).not.toContain('hits');
  });

  it('pages and reports too', async () => {
    for (const url of ['/', '/experiments', '/indexes', '/gold?qrels=tiny/qrels/test.tsv', '/openapi.json']) {
      expect((await fx.app.request(url, as('attacker.example'))).status, url).toBe(403);
    }
  });

  it('a foreign Host on a write, with a port, writes nothing', async () => {
    const message = await expectRefused(
      fx,
      () =>
        post(fx, '/gold', JSON.stringify(JUDGEMENT), {
          'content-type': 'application/json',
          host: 'attacker.example:8787',
        }),
      403,
      'host_not_allowed',
    );
    expect(message).toContain('"attacker.example:8787"');
  });

  it('a name that only starts like a loopback one, and a malformed Host', async () => {
    for (const host of [
      'localhost.attacker.example',
      '127.0.0.1.nip.io',
      'localhost@attacker.example',
      'localhost:x',
    ]) {
      expect((await fx.app.request(SEARCH, as(host))).status, host).toBe(403);
    }
  });

  it('an absolute URL naming another host (absolute-form request line)', async () => {
    expect((await fx.app.request(`http://attacker.example${SEARCH}`, as('localhost'))).status).toBe(403);
  });

  it('GET /health answers whatever the Host (a load balancer probes under its own name)', async () => {
    expect((await fx.app.request('/health', as('lb.internal'))).status).toBe(200);
  });
});

describe("the server's own names pass", () => {
  it.each(['localhost', 'localhost:8787', '127.0.0.1', '127.0.0.1:8787', '[::1]', '[::1]:8787', 'LocalHost:1'])(
    'Host %s',
    async (host) => {
      expect((await fx.app.request(SEARCH, as(host))).status).toBe(200);
    },
  );

  it("no Host header (in-process requests): the URL's host is checked", async () => {
    expect((await fx.app.request(SEARCH)).status).toBe(200);
  });

  it('allowedHosts adds names (case-insensitive, an IPv6 address bracketed); others stay refused', async () => {
    expect((await lan.app.request(SEARCH, as('testbed.lan:8787'))).status).toBe(200);
    expect((await lan.app.request(SEARCH, as('[::ffff:7f00:1]:8787'))).status).toBe(200);
    expect((await lan.app.request(SEARCH, as('attacker.example'))).status).toBe(403);
  });
});

/** GET over a real socket with a Host header of our choosing (fetch would not let us set it). */
function getWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
  });
}

describe('startServer: the bound host and --allowed-host, through the Node adapter', () => {
  it('answers its own names and the allowed one, refuses others', async () => {
    const root = tmpDir('guard-host-server-');
    const s = await startServer({
      dataDir: path.join(root, 'data'),
      corporaRoot: root,
      port: 0,
      allowedHosts: ['testbed.lan'],
    });
    try {
      const port = new URL(s.url).port;
      expect(await getWithHost(`${s.url}/indexes`, `127.0.0.1:${port}`)).toBe(200);
      expect(await getWithHost(`${s.url}/indexes`, `localhost:${port}`)).toBe(200);
      expect(await getWithHost(`${s.url}/indexes`, `testbed.lan:${port}`)).toBe(200);
      expect(await getWithHost(`${s.url}/indexes`, `attacker.example:${port}`)).toBe(403);
      expect(await getWithHost(`${s.url}/health`, `attacker.example:${port}`)).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('the --host value is one of the names (a wildcard bind too; other names need --allowed-host)', async () => {
    const root = tmpDir('guard-host-bound-');
    const s = await startServer({
      dataDir: path.join(root, 'data'),
      corporaRoot: root,
      host: '0.0.0.0',
      port: 0,
      token: 'a-token-of-32-characters-or-so!!',
    });
    try {
      const local = `http://127.0.0.1:${new URL(s.url).port}/indexes`;
      expect(await getWithHost(local, '0.0.0.0')).toBe(200);
      expect(await getWithHost(local, 'box.lan')).toBe(403);
    } finally {
      await s.close();
    }
  });
});
