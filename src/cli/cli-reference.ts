import { COMMANDS, mainUsage } from './main.js';

/** The README's CLI reference, generated from the commands' own help (`npm run docs`). */
export function cliReference(): string {
  const block = (text: string) => '```\n' + text + '\n```\n';
  return ['## CLI reference\n', block(mainUsage()), ...COMMANDS.map((c) => `### testbed ${c.name}\n\n${block(c.usage)}`)].join('\n');
}
