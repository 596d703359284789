import { loadCommands } from './command-table.js';

/**
 * The other commands whose --help lists `option` (`--json`), for an unknown flag that is no typo
 * of this command's own: usually a flag of a neighbouring command given to the wrong one, where
 * "did you mean" has nothing to offer. Read from the help texts, where every flag is listed, so
 * no second list of flags is kept; it loads every command, which only this error path pays for.
 */
export async function commandsWithOption(option: string, except: string): Promise<string[]> {
  const escaped = option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const listed = new RegExp(`(^|[\\s\\[(,])${escaped}(?![\\w-])`, 'm');
  const commands = await loadCommands();
  return commands
    .filter((c) => c.name !== except)
    .filter((c) => [c.usage, ...(c.subcommandUsages ?? []).map((s) => s.usage)].some((u) => listed.test(u)))
    .map((c) => c.name);
}
