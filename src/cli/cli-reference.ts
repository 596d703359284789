import { loadCommands } from './command-table.js';
import { mainUsage } from './main.js';

/** The CLI reference (docs/cli.md), generated from the commands' own help (`npm run docs`). */
export async function cliReference(): Promise<string> {
  const block = (text: string) => '```\n' + text + '\n```\n';
  return [
    '## CLI reference\n',
    block(mainUsage()),
    ...(await loadCommands()).flatMap((c) => [
      `### testbed ${c.name}\n\n${block(c.usage)}`,
      ...(c.subcommandUsages ?? []).map((s) => `### testbed ${c.name} ${s.name}\n\n${block(s.usage)}`),
    ]),
  ].join('\n');
}
