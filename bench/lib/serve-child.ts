import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'testbed.js');

/** A `testbed serve` child listening on 127.0.0.1. */
export interface ServeChild {
  url: string;
  pid: number;
  /** SIGTERM, resolved once the process has exited (at once if it already had). */
  stop(): Promise<void>;
}

/**
 * `testbed serve ARGS --port 0` in a child process, resolved with its address once it prints its
 * "serving ... on URL" line (or rejected with its stderr if it exits first). The benches only
 * ever load 127.0.0.1, and a child still running when the bench exits, on any path, is killed.
 */
export function startServe(args: readonly string[]): Promise<ServeChild> {
  const child: ChildProcess = spawn(process.execPath, [BIN, 'serve', ...args, '--port', '0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const kill = () => child.exitCode === null && child.kill('SIGKILL');
  process.once('exit', kill);
  const stop = () =>
    new Promise<void>((done) => {
      process.off('exit', kill);
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (d: string) => {
      err += d;
      const m = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(err);
      if (!m) return;
      // Listening: stop collecting, but keep draining stderr so the child never blocks on it.
      child.stderr!.removeAllListeners('data');
      child.stderr!.resume();
      resolve({ url: m[1]!, pid: child.pid!, stop });
    });
    child.once('exit', (code) => reject(new Error(`testbed serve exited (${code}) before listening:\n${err}`)));
  });
}
