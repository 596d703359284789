import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/** A child process whose stdout is read line by line, with its exit awaited once. */
export interface LineChild {
  child: ChildProcessWithoutNullStreams;
  /** Every stdout line so far. */
  lines: string[];
  stderr(): string;
  /** Resolves with the first line (past or future) that matches, or rejects when the child exits first or the time is up. */
  waitFor(match: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Resolves with the exit code, or the signal name when killed. */
  exited: Promise<number | string>;
}

/** Starts a TypeScript script (through tsx) or a JS file with Node, reading its stdout as lines. */
export function spawnLines(
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): LineChild {
  const child = spawn(process.execPath, [...args], { cwd: options.cwd, env: { ...process.env, ...options.env } });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  let partial = '';
  let err = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d: string) => (err += d));
  child.stdout.on('data', (d: string) => {
    const parts = (partial + d).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
    for (const w of waiters) w();
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  let done = false;
  void exited.then(() => {
    done = true;
    for (const w of waiters) w();
  });
  return {
    child,
    lines,
    stderr: () => err,
    exited,
    waitFor(match, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            finish(
              new Error(
                `no matching line within ${timeoutMs} ms; stdout:\n${lines.slice(-5).join('\n')}\nstderr:\n${err}`,
              ),
            ),
          timeoutMs,
        );
        const check = () => {
          const line = lines.find(match);
          if (line !== undefined) finish(undefined, line);
          else if (done)
            finish(
              new Error(`child exited before a matching line; stdout:\n${lines.slice(-5).join('\n')}\nstderr:\n${err}`),
            );
        };
        const finish = (e?: Error, line?: string) => {
          clearTimeout(timer);
          waiters.delete(check);
          if (e) reject(e);
          else resolve(line!);
        };
        waiters.add(check);
        check();
      });
    },
  };
}
