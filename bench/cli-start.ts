/**
 * CLI start time (issue 14): how long `testbed` takes before it does anything, against a bare
 * `node -e 0`, as users run it (bin/testbed.js over the compiled dist/) and as it ran before
 * (TypeScript compiled at each start through tsx's loader, re-created in a temporary entry file
 * the way the old bin/testbed.js did it). Every command is run --runs times, the variants
 * interleaved so background load weighs on all alike; medians and ratios to `node -e 0`.
 *
 *   npx tsx bench/cli-start.ts [--runs 15] [--index FILE]
 *
 * With --index (an index file), also `testbed search FILE "query" --engine fts5`: a whole
 * lexical search from a cold process.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { printHeader } from './lib/command.js';
import { mdTable } from './lib/markdown.js';
import { median } from './lib/stats-extra.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' }, index: { type: 'string' } } });
const runs = Number(values.runs);

// The entry as it was before dist/ (bin/testbed.js until 1bcedf8): tsx compiles src/ at every start.
const tsxEntry = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cli-start-')), 'testbed-tsx.mjs');
fs.writeFileSync(
  tsxEntry,
  `import { register } from ${JSON.stringify(path.join(ROOT, 'node_modules/tsx/dist/esm/api/index.mjs'))};
register({ tsconfig: ${JSON.stringify(path.join(ROOT, 'tsconfig.json'))} });
const { main } = await import(${JSON.stringify(path.join(ROOT, 'src/cli/main.ts'))});
process.exitCode = await main(process.argv.slice(2));\n`,
);

const bin = path.join(ROOT, 'bin/testbed.js');
const cases: { name: string; argv: string[] }[] = [
  { name: 'node -e 0', argv: ['-e', '0'] },
  { name: 'testbed --help', argv: [bin, '--help'] },
  { name: 'testbed eval --help', argv: [bin, 'eval', '--help'] },
  { name: 'testbed search --help', argv: [bin, 'search', '--help'] },
  { name: 'testbed serve --help', argv: [bin, 'serve', '--help'] },
  { name: 'before (tsx): testbed --help', argv: [tsxEntry, '--help'] },
  { name: 'before (tsx): testbed search --help', argv: [tsxEntry, 'search', '--help'] },
];
if (values.index)
  cases.push({
    name: 'testbed search INDEX "query" --engine fts5',
    argv: [bin, 'search', values.index, 'sodium channel blockers in heart failure', '--engine', 'fts5'],
  });

// dist/ current before timing, so no run pays for a rebuild.
spawnSync(process.execPath, [bin, '--help'], { stdio: 'ignore' });
const times = new Map<string, number[]>(cases.map((c) => [c.name, []]));
for (let r = 0; r < runs; r++) {
  for (const c of cases) {
    const t0 = performance.now();
    const res = spawnSync(process.execPath, c.argv, { stdio: ['ignore', 'ignore', 'pipe'], cwd: ROOT });
    const ms = performance.now() - t0;
    if (res.status !== 0) throw new Error(`${c.name} exited ${res.status}: ${res.stderr}`);
    times.get(c.name)!.push(ms);
  }
}

printHeader('CLI start time (issue 14)', import.meta.url);
const base = median(times.get('node -e 0')!);
console.log(`Wall time of a whole process, median of ${runs} interleaved runs each.\n`);
console.log(
  mdTable(
    ['command', 'median s', 'min s', 'over node -e 0, s'],
    cases.map((c) => {
      const t = times.get(c.name)!;
      return [
        c.name,
        (median(t) / 1000).toFixed(3),
        (Math.min(...t) / 1000).toFixed(3),
        ((median(t) - base) / 1000).toFixed(3),
      ];
    }),
    'lrrr',
  ),
);
