import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';

/** Listens on a free port of 127.0.0.1 (as another program would) until closed. */
async function occupyPort(): Promise<net.Server & { port: number }> {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  return Object.assign(blocker, { port: (blocker.address() as net.AddressInfo).port });
}

describe('testbed serve on a port that is taken', () => {
  it('says which host:port is busy and how to choose another, in one line, exit 2', async () => {
    const root = tmpDir('serve-busy-');
    const blocker = await occupyPort();
    try {
      const r = await runCli([
        'serve',
        '--port',
        String(blocker.port),
        '--data',
        path.join(root, 'data'),
        '--corpora',
        root,
      ]);
      expect(r.code).toBe(2);
      expect(r.err).toBe(
        `testbed serve: 127.0.0.1:${blocker.port} is already in use (another server is listening there): ` +
          `stop it, or choose another port with --port N, e.g. --port ${blocker.port + 1} (--port 0 picks a free one)\n`,
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
