import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { IndexCatalog } from '../catalog/index-catalog.js';
import { InputError } from '../errors.js';
import { createApp } from './app.js';

export interface ServerOptions {
  dataDir: string;
  corporaRoot: string;
  host?: string;
  port?: number;
  token?: string;
  protectSearch?: boolean;
  corsOrigins?: string[];
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * Listens on 127.0.0.1 unless told otherwise. Binding anywhere else without a token is refused:
 * anyone on the network could otherwise build and delete indexes.
 */
export async function startServer(options: ServerOptions): Promise<{ url: string; server: ServerType; catalog: IndexCatalog; close(): Promise<void> }> {
  const host = options.host ?? '127.0.0.1';
  if (!LOOPBACK.has(host) && !options.token) {
    throw new InputError(`refusing to listen on ${host} without a token: set TESTBED_TOKEN (state-changing endpoints will require it)`);
  }
  const catalog = new IndexCatalog(options.dataDir);
  if (options.protectSearch && !options.token) throw new InputError('--protect-search needs a token: set TESTBED_TOKEN');
  const app = createApp({
    catalog,
    corporaRoot: options.corporaRoot,
    ...(options.token && { token: options.token }),
    ...(options.protectSearch && { protectSearch: true }),
    ...(options.corsOrigins && { corsOrigins: options.corsOrigins }),
  });
  const server = await new Promise<ServerType>((resolve, reject) => {
    // A 2,000-character query of 3-byte characters is 18 kB of URL: above Node's default 16 kB
    // header limit, which would answer 431 before the app could.
    const s = serve({ fetch: app.fetch, hostname: host, port: options.port ?? 8787, serverOptions: { maxHeaderSize: 64 * 1024 } }, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}`,
    server,
    catalog,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await catalog.close();
    },
  };
}
