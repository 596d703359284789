import { TestbedError } from '../errors.js';
import { VERSION } from '../version.js';
import { processIo, type CliIo } from './command.js';
import { closestName } from '../did-you-mean.js';
import { COMMAND_TABLE } from './command-table.js';
import { scrubSecrets } from '../remote/known-secrets.js';
import { printableLines } from './printable.js';
import { UnknownOptionError } from './args.js';
import { commandsWithOption } from './option-owners.js';

export function mainUsage(): string {
  const width = Math.max(...COMMAND_TABLE.map((c) => c.name.length));
  return `testbed ${VERSION}: measure retrieval on its own (BM25, dense, hybrid)

Usage: testbed <command> [options]     (testbed <command> --help for details)

Commands:
${COMMAND_TABLE.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')}`;
}

/** Runs one CLI invocation; returns the exit code (2 for bad input, 1 for anything else). */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(mainUsage() + '\n');
    return name ? 0 : 2;
  }
  if (name === '--version') return (io.out(VERSION + '\n'), 0);
  const entry = COMMAND_TABLE.find((c) => c.name === name);
  if (!entry) {
    const guess = closestName(
      name,
      COMMAND_TABLE.map((c) => c.name),
    );
    io.err(`testbed: unknown command "${name}"${guess ? `; did you mean "${guess}"?` : ''}\n\n${mainUsage()}\n`);
    return 2;
  }
  try {
    return await (await entry.load()).run(rest, io);
  } catch (err) {
    // Whatever failed, a secret the process knows is not printed (known-secrets.ts), nor a
    // control character a quoted input holds (printable.ts).
    if (err instanceof UnknownOptionError && err.longOption !== undefined) {
      const owners = await commandsWithOption(err.longOption, name);
      if (owners.length > 0) {
        // Said instead of the `-- "--flag"` hint: a flag another command takes was meant as a flag.
        const message =
          `unknown option "${err.longOption}"; testbed ${name} has no such option, ` +
          `it is an option of ${owners.join(', ')} (testbed ${owners[0]} --help)`;
        io.err(`testbed ${name}: ${printableLines(message)}\n`);
        return 2;
      }
    }
    if (err instanceof TestbedError) {
      io.err(`testbed ${name}: ${printableLines(scrubSecrets(err.message))}\n`);
      return 2;
    }
    io.err(`testbed ${name}: ${printableLines(scrubSecrets((err as Error).stack ?? String(err)))}\n`);
    return 1;
  }
}
