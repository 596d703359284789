import os from 'node:os';
import path from 'node:path';

/**
 * The header every bench script prints: what it measures, the exact command that reproduces it
 * (run from the repository root), and the machine's state, since the machines are shared and a
 * high load average explains a slow figure.
 */
export function printHeader(title: string, scriptUrl: string): void {
  console.log(`## ${title}\n`);
  console.log('```\n' + commandLine(scriptUrl) + '\n```\n');
  console.log(machineLine() + '\n');
}

/** `npx tsx bench/x.ts --args as given`, with arguments quoted when the shell would need it. */
export function commandLine(scriptUrl: string): string {
  const script = path.relative(process.cwd(), new URL(scriptUrl).pathname) || new URL(scriptUrl).pathname;
  const quote = (a: string) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);
  return ['npx tsx', script, ...process.argv.slice(2).map(quote)].join(' ');
}

/** Node version, CPU model and count, memory, load average and the time. */
export function machineLine(): string {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return `Node ${process.version}, ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${load} (1/5/15 min), ${new Date().toISOString()}. Shared machine: compare figures within this run only.`;
}
