import type { CliIo } from '../../src/cli/command.js';
import { main } from '../../src/cli/main.js';

/** What a command printed and returned. */
export interface CliResult {
  code: number;
  out: string;
  err: string;
}

/**
 * Runs a CLI entry point in-process with its stdout and stderr captured (not a terminal):
 * `main` by default (argv starts with the command name), or one command's own `run`.
 */
export async function runCli(
  argv: string[],
  run: (argv: string[], io: CliIo) => Promise<number> = main,
): Promise<CliResult> {
  let out = '';
  let err = '';
  const io: CliIo = { out: (t) => void (out += t), err: (t) => void (err += t), tty: false };
  const code = await run(argv, io);
  return { code, out, err };
}
