import { type ChildProcess, execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../free-port.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const BIN = path.join(ROOT, 'bin/testbed.js');
const run = promisify(execFile);

/** Runs `testbed ARGS` as a user would; its stdout, or an error carrying its stderr. */
export async function testbed(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  try {
    const { stdout } = await run(process.execPath, [BIN, ...args], { env, maxBuffer: 256 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    const e = err as Error & { stderr?: string };
    throw new Error(`testbed ${args.join(' ')} failed: ${e.stderr?.slice(-2000) ?? e.message}`);
  }
}

/** A running `testbed serve` child and its base URL. */
export interface Served {
  url: string;
  stop(): Promise<void>;
}

/**
 * `testbed serve --log-queries LOG` over the index files of `dataDir`, on 127.0.0.1, started as a
 * child process; resolves once GET /health answers 200. Searches run on the server's main thread
 * (`--workers 0`): the machine is shared, and the simulation measures answers, not speed.
 * `extra` adds serve flags (`--explore swap`, `--interleave FILE`).
 */
export async function serveLogging(
  dataDir: string,
  logDir: string,
  env: NodeJS.ProcessEnv,
  extra: readonly string[] = [],
): Promise<Served> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [BIN, 'serve', '--data', dataDir, '--port', String(port), '--log-queries', logDir, '--workers', '0', ...extra],
    { env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`testbed serve exited ${child.exitCode}: ${stderr}`);
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, stop };
    if (waited > 120_000) {
      await stop();
      throw new Error(`testbed serve did not answer /health within 120 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
