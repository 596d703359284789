import { serve, type ServerType } from '@hono/node-server';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { webFixture } from '../../web/helpers/web-fixture.js';

export interface WebServer {
  url: string;
  root: string;
  corporaRoot: string;
  /** The tiny fixture's qrels inside the corpora root, as `qrels=` takes it. */
  qrels: string;
  /** Where POST /gold appends for that qrels file. */
  additionsFile: string;
  close(): Promise<void>;
}

/**
 * The real app on 127.0.0.1, port 0, over a fresh folder (see webFixture: the tiny fixture as
 * corpus and gold set, its index built with the hash embedder, one experiment config). Removed
 * again by close().
 */
export async function startWebServer(): Promise<WebServer> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'testbed-web-'));
  const { app, catalog, corporaRoot } = await webFixture(root);
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    root,
    corporaRoot,
    qrels: 'tiny/qrels/test.tsv',
    additionsFile: path.join(corporaRoot, 'tiny', 'qrels', 'test.tsv.additions.jsonl'),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await catalog.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
