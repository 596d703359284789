import { type SpawnOptions, spawn } from 'node:child_process';

/** How a child process ended and what it printed. */
export interface ChildResult {
  pid: number;
  /** The exit code, or null when a signal ended it. */
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to its end without holding the test worker's event loop, as spawnSync would:
 * a worker blocked that long (a tsx start takes seconds, a minute on a loaded machine) misses
 * the deadline of vitest's progress reports, `[vitest-worker]: Timeout calling "onTaskUpdate"`
 * (issue 43). Resolves however the child ends, like spawnSync; rejects only when it cannot start.
 */
export function runChild(command: string, args: readonly string[], options: SpawnOptions = {}): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => void (stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => void (stderr += chunk));
    child.on('error', reject);
    // 'close', not 'exit': both output pipes have been read to their end.
    child.on('close', (status, signal) => resolve({ pid: child.pid ?? -1, status, signal, stdout, stderr }));
  });
}
