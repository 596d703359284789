import fs from 'node:fs';
import path from 'node:path';
import type { Embedder } from '../../../src/embedders/types.js';
import { startServer } from '../../../src/http/start-server.js';
import { buildIndex } from '../../../src/indexing/build-index.js';

/** A server the test started, logging its searches and events to `logDir`. */
export interface LoggedServer {
  url: string;
  logDir: string;
  close(): Promise<void>;
}

/**
 * Builds one index from `corpus` in `root`/data and serves it with --log-queries `root`/traffic
 * (and --interleave, given the YAML text): the traffic tests' real server, on 127.0.0.1 and a
 * free port.
 */
export async function startLoggedServer(
  root: string,
  options: { corpus: string; index: string; chunker: string; embedder: Embedder; workers: number; interleave?: string },
): Promise<LoggedServer> {
  const data = path.join(root, 'data');
  fs.mkdirSync(data, { recursive: true });
  await buildIndex({
    corpus: options.corpus,
    out: path.join(data, `${options.index}.sqlite`),
    chunker: options.chunker,
    embedder: options.embedder,
    cacheFile: path.join(root, 'cache.sqlite'),
  });
  let interleave: string | undefined;
  if (options.interleave !== undefined) {
    interleave = path.join(root, 'interleave.yaml');
    fs.writeFileSync(interleave, options.interleave);
  }
  const logDir = path.join(root, 'traffic');
  const server = await startServer({
    dataDir: data,
    corporaRoot: path.dirname(options.corpus),
    port: 0,
    workers: options.workers,
    logQueries: logDir,
    ...(interleave !== undefined && { interleave }),
  });
  return { url: server.url, logDir, close: server.close };
}
