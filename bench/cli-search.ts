/**
 * One CLI search end to end (issue 27): the wall time of `node bin/testbed.js search INDEX
 * "query" --engine E` on a lexical SciFact index, per engine, against a bare `node -e 0`. Each
 * process starts cold: it opens the index and readies its engine before answering, so an engine
 * rebuilt per process (wink) pays its build at every call. The commands are interleaved, --runs
 * rounds of each, so background load weighs on all alike; medians and the time over `node -e 0`.
 *
 *   npx tsx bench/cli-search.ts [--engines wink,fts5] [--runs 5] [--dir /tmp/testbed-scale] [--corpus DIR]
 *
 * The index is built once into --dir (then reused), as
 *   node bin/testbed.js index ../shared/corpora/scifact --out DIR/scifact/scifact.sqlite --chunker doc --embedder none
 * An engine that fails prints "-" and its error; the others still run.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { printHeader } from './lib/command.js';
import { CORPORA_DIR } from './lib/corpora.js';
import { mdTable } from './lib/markdown.js';
import { median } from './lib/stats-extra.js';
import { DEFAULT_SCALE_DIR } from './lib/zipf-corpus.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin', 'testbed.js');
const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'wink,fts5' },
    runs: { type: 'string', default: '5' },
    dir: { type: 'string', default: DEFAULT_SCALE_DIR },
    query: { type: 'string', default: 'sodium channel blockers in heart failure' },
    // The SciFact BEIR folder (default ../shared/corpora/scifact beside the checkout).
    corpus: { type: 'string', default: path.join(CORPORA_DIR, 'scifact') },
  },
});
const runs = Number(values.runs);
const engines = values.engines.split(',').map((e) => e.trim());

const file = path.join(values.dir, 'scifact', 'scifact.sqlite');
if (!fs.existsSync(file)) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const corpus = path.resolve(values.corpus);
  console.error(`building ${file} from ${corpus}`);
  const built = spawnSync(
    process.execPath,
    [BIN, 'index', corpus, '--out', file, '--chunker', 'doc', '--embedder', 'none'],
    { stdio: ['ignore', 'ignore', 'inherit'], cwd: ROOT },
  );
  if (built.status !== 0) throw new Error(`building ${file} failed (exit ${built.status})`);
}

const cases: { name: string; argv: string[] }[] = [
  { name: 'node -e 0', argv: ['-e', '0'] },
  ...engines.map((engine) => ({
    name: `testbed search INDEX "query" --engine ${engine}`,
    argv: [BIN, 'search', file, values.query, '--engine', engine],
  })),
];

// dist/ current before timing, so no run pays for a rebuild.
spawnSync(process.execPath, [BIN, '--help'], { stdio: 'ignore', cwd: ROOT });
const times = new Map<string, number[]>(cases.map((c) => [c.name, []]));
const failures = new Map<string, string>();
for (let r = 0; r < runs; r++) {
  for (const c of cases) {
    if (failures.has(c.name)) continue;
    const t0 = performance.now();
    const res = spawnSync(process.execPath, c.argv, {
      stdio: ['ignore', 'ignore', 'pipe'],
      cwd: ROOT,
      encoding: 'utf8',
    });
    const ms = performance.now() - t0;
    if (res.status !== 0) failures.set(c.name, `exit ${res.status}: ${res.stderr.trim().split('\n')[0]}`);
    else times.get(c.name)!.push(ms);
  }
}

printHeader('One CLI search on SciFact, end to end (issue 27)', import.meta.url);
console.log(`Wall time of a whole process, median of ${runs} interleaved runs each; query "${values.query}".\n`);
const base = median(times.get('node -e 0')!);
console.log(
  mdTable(
    ['command', 'median s', 'min s', 'over node -e 0, s', '× node -e 0', 'note'],
    cases.map((c) => {
      const failed = failures.get(c.name);
      if (failed) return [c.name, '-', '-', '-', '-', failed];
      const t = times.get(c.name)!;
      return [
        c.name,
        (median(t) / 1000).toFixed(3),
        (Math.min(...t) / 1000).toFixed(3),
        ((median(t) - base) / 1000).toFixed(3),
        `${(median(t) / base).toFixed(1)}×`,
        '',
      ];
    }),
    'lrrrrl',
  ),
);
