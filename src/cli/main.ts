import { TestbedError } from '../errors.js';
import { VERSION } from '../version.js';
import { processIo, type CliIo, type Command } from './command.js';
import { closestName } from './did-you-mean.js';
import { corpusCommand } from './commands/corpus-command.js';
import { evalCommand } from './commands/eval-command.js';
import { experimentCommand } from './commands/experiment-command.js';
import { fuseCommand } from './commands/fuse-command.js';
import { goldCommand } from './commands/gold-command.js';
import { indexCommand } from './commands/index-command.js';
import { retrieveCommand } from './commands/retrieve-command.js';
import { searchCommand } from './commands/search-command.js';
import { serveCommand } from './commands/serve-command.js';
import { tuneCommand } from './commands/tune-command.js';

export const COMMANDS: Command[] = [indexCommand, searchCommand, retrieveCommand, evalCommand, fuseCommand, tuneCommand, experimentCommand, goldCommand, corpusCommand, serveCommand];

export function mainUsage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return `testbed ${VERSION}: measure retrieval on its own (BM25, dense, hybrid)

Usage: testbed <command> [options]     (testbed <command> --help for details)

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')}`;
}

/** Runs one CLI invocation; returns the exit code (2 for bad input, 1 for anything else). */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(mainUsage() + '\n');
    return name ? 0 : 2;
  }
  if (name === '--version') return io.out(VERSION + '\n'), 0;
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    const guess = closestName(name, COMMANDS.map((c) => c.name));
    io.err(`testbed: unknown command "${name}"${guess ? `; did you mean "${guess}"?` : ''}\n\n${mainUsage()}\n`);
    return 2;
  }
  try {
    return await command.run(rest, io);
  } catch (err) {
    if (err instanceof TestbedError) {
      io.err(`testbed ${name}: ${err.message}\n`);
      return 2;
    }
    io.err(`testbed ${name}: ${(err as Error).stack ?? String(err)}\n`);
    return 1;
  }
}
