/**
 * Runs every benchmark script in sequence, each in its own process (so each starts with a
 * clean heap and its own peak RSS), prints their Markdown output as it comes, and also saves it
 * to bench/.out/bench-report.md, with a closing table of exit codes and wall times.
 *
 *   npx tsx bench/run-all.ts [--quick] [--only quality,latency] [--skip peers] [--timeout-min 90]
 *
 * --quick passes each script its fast-check options (fewer queries, shorter HTTP runs, a
 * smaller synthetic corpus, hash:384 for the cold experiment); full runs are what BENCHMARKS.md
 * quotes. The first full quality run embeds every collection with use-lite (tens of minutes);
 * later runs read the vectors from bench/.out/.cache.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { commandLine, machineLine } from './lib/command.js';
import { OUT_DIR } from './lib/corpora.js';
import { mdTable } from './lib/markdown.js';

/** Script, full-run arguments, quick-run arguments. */
const SCRIPTS: [string, string[], string[]][] = [
  ['quality', [], ['--quick']],
  ['latency', [], ['--queries', '50', '--chunks', '20000', '--duration', '3']],
  ['dense-kernel', [], ['--queries', '10']],
  ['indexing', [], ['--quick']],
  ['experiment-runner', [], ['--quick']],
  ['peers', [], ['--quick']],
];

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    skip: { type: 'string' },
    'timeout-min': { type: 'string', default: '90' },
  },
});
const only = values.only?.split(',');
const skip = values.skip?.split(',') ?? [];
const timeoutMs = Number(values['timeout-min']) * 60_000;

fs.mkdirSync(OUT_DIR, { recursive: true });
const reportFile = path.join(OUT_DIR, 'bench-report.md');
const report = fs.createWriteStream(reportFile);
const emit = (text: string) => {
  process.stdout.write(text);
  report.write(text);
};
emit(`# Benchmarks\n\n\`\`\`\n${commandLine(import.meta.url)}\n\`\`\`\n\n${machineLine()}\n\n`);

const results: [string, string, string][] = [];
for (const [name, full, quick] of SCRIPTS) {
  if ((only && !only.includes(name)) || skip.includes(name)) continue;
  const args = values.quick ? quick : full;
  const t0 = performance.now();
  const code = await run(path.join(import.meta.dirname, `${name}.ts`), args);
  results.push([`bench/${name}.ts ${args.join(' ')}`.trim(), code, ((performance.now() - t0) / 1000).toFixed(0)]);
  emit('\n');
}
emit(`## Run summary\n\n${mdTable(['script', 'exit', 'wall s'], results, 'lrr')}\n`);
report.end();
console.error(`\nsaved to ${path.relative(process.cwd(), reportFile)}`);
process.exitCode = results.some(([, code]) => code !== '0') ? 1 : 0;

/** Runs one script with tsx's loader (this process's flags); resolves with its exit code or signal. */
function run(script: string, args: string[]): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, script, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => emit(d));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve(code === null ? String(signal) : String(code));
    });
  });
}
