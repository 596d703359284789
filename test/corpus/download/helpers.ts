import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { zipSync } from 'fflate';
import { afterEach } from 'vitest';
import { TINY_BEIR } from '../../helpers/tmp.js';

/** The tiny BEIR fixture as zip entries, under `prefix` ("tiny/" for BEIR's own layout, "" for flat). */
export function tinyBeirEntries(prefix: string): Record<string, Uint8Array> {
  const entries: Record<string, Uint8Array> = {};
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else entries[prefix + relative(TINY_BEIR, path)] = new Uint8Array(readFileSync(path));
    }
  };
  walk(TINY_BEIR);
  return entries;
}

/** A zip of `entries`; level 0 (stored) keeps it a few KB so byte offsets in tests are meaningful. */
export function makeZip(entries: Record<string, Uint8Array>, level: 0 | 6 = 0): Uint8Array {
  return zipSync(entries, { level });
}

export const md5 = (bytes: Uint8Array): string => createHash('md5').update(bytes).digest('hex');

/** One request as the server saw it. */
export interface SeenRequest {
  path: string;
  range: string | undefined;
}

export interface TestServer {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, index: number) => void;

/** An HTTP server on 127.0.0.1 (port 0) that records every request; `url` ends in /data.zip. */
export async function serve(handler: Handler): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    requests.push({ path: req.url ?? '', range: req.headers.range });
    handler(req, res, requests.length - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/data.zip`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A `start(handler)` for one test file: each server it starts is closed after the test that started it. */
export function serversClosedAfterEach(): (handler: Handler) => Promise<TestServer> {
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.close();
  });
  return async (handler) => {
    const s = await serve(handler);
    servers.push(s);
    return s;
  };
}

/** Answers like a file server: honours `Range: bytes=N-` with 206, 416 past the end. */
export function rangeServer(body: Uint8Array): Handler {
  return (req, res) => {
    const m = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    if (!m) {
      res.writeHead(200, { 'content-length': body.length, 'accept-ranges': 'bytes' });
      res.end(body);
      return;
    }
    const start = Number(m[1]);
    if (start >= body.length) {
      res.writeHead(416, { 'content-range': `bytes */${body.length}` });
      res.end();
      return;
    }
    res.writeHead(206, {
      'content-length': body.length - start,
      'content-range': `bytes ${start}-${body.length - 1}/${body.length}`,
    });
    res.end(body.subarray(start));
  };
}

/** Always sends the whole body with 200, whatever Range says (many simple servers do). */
export function ignoresRange(body: Uint8Array): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-length': body.length });
    res.end(body);
  };
}

/** The first request gets `bytes` bytes of a 200 answer and then a dropped connection. */
export function dropsFirst(body: Uint8Array, bytes: number): Handler {
  const normal = rangeServer(body);
  return (req, res, index) => {
    if (index > 0) return normal(req, res, index);
    res.writeHead(200, { 'content-length': body.length });
    res.write(body.subarray(0, bytes), () => res.destroy());
  };
}

/** A URL on 127.0.0.1 where nothing listens: connecting is refused, like an offline mirror. */
export async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/data.zip`;
}

/** Every path under `dir`, relative and sorted: to assert what a failed run left behind. */
export function listTree(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      out.push(relative(dir, join(d, e.name)));
      if (e.isDirectory()) walk(join(d, e.name));
    }
  };
  walk(dir);
  return out.sort();
}
