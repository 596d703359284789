import type { CliIo } from './command.js';

/** The shell's convention for a process ended by a signal: 128 + the signal's number. */
const EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;

/**
 * While `work` runs, Ctrl-C (SIGINT) or SIGTERM says in one line on stderr what was interrupted
 * and exits with 128 + the signal's number. Exiting through process.exit, unlike the default
 * signal death, runs the 'exit' hooks: an index build's temp file (atomic-build.ts) is removed
 * there, so an interrupted `testbed index` leaves nothing behind.
 */
export async function exitOnInterrupt<T>(io: CliIo, what: string, work: () => Promise<T>): Promise<T> {
  const handlers = (Object.keys(EXIT_CODES) as (keyof typeof EXIT_CODES)[]).map((signal) => {
    const handler = () => {
      io.err(`${io.tty ? '\n' : ''}${signal}: interrupted; ${what}\n`);
      process.exit(EXIT_CODES[signal]);
    };
    process.on(signal, handler);
    return () => process.off(signal, handler);
  });
  try {
    return await work();
  } finally {
    for (const off of handlers) off();
  }
}
