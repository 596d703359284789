import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fetchToFile } from '../../../src/corpus/download/fetch-to-file.js';
import { UnavailableError } from '../../../src/errors.js';
import { tmpDir } from '../../helpers/tmp.js';
import { rangeServer, serversClosedAfterEach } from './helpers.js';

const base = tmpDir('testbed-fetch-');
const BODY = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251));
const start = serversClosedAfterEach();
function partWith(bytes: Uint8Array): string {
  const part = path.join(fs.mkdtempSync(path.join(base, 'f-')), 'x.zip.part');
  fs.writeFileSync(part, bytes);
  return part;
}

describe('fetchToFile', () => {
  it('a .part that is already complete gets 416 and is kept as is', async () => {
    const server = await start(rangeServer(BODY));
    const part = partWith(BODY);
    expect(await fetchToFile(server.url, part, { timeoutMs: 2000 })).toEqual({
      bytes: BODY.length,
      resumedFrom: BODY.length,
    });
    expect(server.requests.map((r) => r.range)).toEqual([`bytes=${BODY.length}-`]);
    expect(fs.readFileSync(part).equals(BODY)).toBe(true);
  });

  it('a .part longer than the file (416 with another total) is discarded and fetched afresh', async () => {
    const server = await start(rangeServer(BODY));
    const part = partWith(Buffer.alloc(BODY.length + 10));
    const notices: string[] = [];
    expect(await fetchToFile(server.url, part, { timeoutMs: 2000, onNotice: (m) => notices.push(m) })).toEqual({
      bytes: BODY.length,
      resumedFrom: 0,
    });
    expect(server.requests.map((r) => r.range)).toEqual([`bytes=${BODY.length + 10}-`, undefined]);
    expect(notices).toEqual([`the server cannot resume from byte ${BODY.length + 10}: starting the download over`]);
    expect(fs.readFileSync(part).equals(BODY)).toBe(true);
  });

  it('a 206 that starts somewhere else is not appended: the download starts over', async () => {
    const server = await start((req, res) => {
      if (req.headers.range) {
        res.writeHead(206, {
          'content-range': `bytes 0-${BODY.length - 1}/${BODY.length}`,
          'content-length': BODY.length,
        });
        res.end(BODY);
      } else {
        rangeServer(BODY)(req, res, 0);
      }
    });
    const part = partWith(BODY.subarray(0, 500));
    expect(await fetchToFile(server.url, part, { timeoutMs: 2000 })).toEqual({ bytes: BODY.length, resumedFrom: 0 });
    expect(server.requests.map((r) => r.range)).toEqual(['bytes=500-', undefined]);
    expect(fs.readFileSync(part).equals(BODY)).toBe(true);
  });

  it('follows redirects, keeping the Range header', async () => {
    const target = await start(rangeServer(BODY));
    const mirror = await start((_req, res) => {
      res.writeHead(302, { location: target.url });
      res.end();
    });
    const part = partWith(BODY.subarray(0, 1200));
    expect(await fetchToFile(mirror.url, part, { timeoutMs: 2000 })).toEqual({ bytes: BODY.length, resumedFrom: 1200 });
    expect(target.requests.map((r) => r.range)).toEqual(['bytes=1200-']);
    expect(fs.readFileSync(part).equals(BODY)).toBe(true);
  });

  it('a server error status is unavailable, with the status in the message', async () => {
    const server = await start((_req, res) => {
      res.writeHead(503);
      res.end();
    });
    const run = fetchToFile(server.url, partWith(new Uint8Array(0)), { timeoutMs: 2000 });
    await expect(run).rejects.toThrow(UnavailableError);
    await expect(run).rejects.toThrow(`${server.url}: the server answered 503 Service Unavailable`);
  });
});
