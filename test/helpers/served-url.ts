import type { ChildProcess } from 'node:child_process';
import { timeBudget } from './time-budget.js';

/** The address `testbed serve` prints once it listens ("... on http://127.0.0.1:PORT ..."). */
const LISTENING = /on (http:\/\/127\.0\.0\.1:\d+)/;

/** A served child's address, and everything it has written to stderr so far (for failures and checks). */
export interface Served {
  url: string;
  stderr: () => string;
}

/**
 * Waits for a `testbed serve` child to print its address, collecting its stderr from the start.
 * `ready` can ask for more than the address (a line the server writes after listening). Fails
 * with the stderr read so far when the child exits first or `timeoutMs` (stretched by the load,
 * timeBudget) passes.
 */
export function servedUrl(
  child: ChildProcess,
  { timeoutMs = 90_000, ready = () => true }: { timeoutMs?: number; ready?: (stderr: string) => boolean } = {},
): Promise<Served> {
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise<Served>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${stderr}`)), timeBudget(timeoutMs));
    child.stderr!.on('data', () => {
      const m = LISTENING.exec(stderr);
      if (m && ready(stderr)) clearTimeout(timer), resolve({ url: m[1]!, stderr: () => stderr });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${signal ?? code}) before listening:\n${stderr}`));
    });
  });
}
