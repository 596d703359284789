import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Runs one phase of a bench script in a child process, so that the phase's peak RSS
 * (process.resourceUsage().maxRSS, which never goes down) is its own and not that of the phases
 * before it. The child is the same script started with the same Node flags (tsx's loader
 * included) and extra arguments; it hands its result back with `sendPhaseResult`.
 */

const MARKER = '@@bench-phase-result ';

/** Starts `script` (a file URL or path) with `args`; resolves with the object the child sent. */
export function runPhase<T>(script: string, args: readonly string[], options: { timeoutMs?: number } = {}): Promise<T> {
  const file = script.startsWith('file:') ? fileURLToPath(script) : script;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, file, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => (out += d));
    const timer = options.timeoutMs ? setTimeout(() => child.kill('SIGTERM'), options.timeoutMs) : undefined;
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      const line = out.split('\n').find((l) => l.startsWith(MARKER));
      if (code !== 0 || !line) {
        reject(new Error(`phase ${args.join(' ')} failed (exit ${code ?? signal}):\n${out.slice(-2000)}`));
        return;
      }
      resolve(JSON.parse(line.slice(MARKER.length)) as T);
    });
  });
}

/** In the child: prints the result where runPhase looks for it. */
export function sendPhaseResult(result: unknown): void {
  process.stdout.write(`\n${MARKER}${JSON.stringify(result)}\n`);
}
