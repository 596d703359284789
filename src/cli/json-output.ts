import type { CliIo } from './command.js';

/** The --json flag, in every command that prints a result (one spelling everywhere). */
export const JSON_OPTION = { json: { type: 'boolean' } } as const;

/**
 * Prints a command's result: its lines for a person on stdout, or, with --json, one JSON document
 * on stdout for a script and the same lines on stderr, so a person watching still reads them.
 */
export function printResult(io: CliIo, json: boolean | undefined, lines: string, result: unknown): void {
  if (!json) return io.out(lines);
  io.err(lines);
  io.out(JSON.stringify(result, null, 2) + '\n');
}
