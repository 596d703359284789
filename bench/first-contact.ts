/**
 * First contact (issue 26): what a new user waits for. The repository's tracked files are copied
 * into a temporary folder (node_modules linked, dist/ built as `npm install` builds it, the
 * shared cache empty), and there:
 *
 * - `npm start` on a free port: seconds until a BM25 search answers 200, then until a hybrid
 *   and a dense one do (they answer 503 with the embedding's progress in between, unless the
 *   index was built from the vectors the demo ships: issue 43);
 * - `testbed search data/demo.sqlite QUERY` (BM25), a whole cold process, median of --runs;
 * - `testbed serve --data DIR` over one small index (a copy of the demo's): seconds until a
 *   BM25 search answers 200, median of --runs.
 *
 * Everything it starts is stopped at the end and the folder removed; nothing is written into
 * the checkout.
 *
 *   npx tsx bench/first-contact.ts [--runs 5] [--source DIR] [--dense-timeout-min 20]
 *
 * --source: the checkout to copy (default this one), e.g. another worktree for a before/after.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { printHeader } from './lib/command.js';
import { mdTable } from './lib/markdown.js';
import { median } from './lib/stats-extra.js';
import { freePort } from './lib/free-port.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    source: { type: 'string', default: ROOT },
    'dense-timeout-min': { type: 'string', default: '20' },
  },
});
const runs = Number(values.runs);
const source = path.resolve(values.source);
const QUERY = 'error E1042';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'first-contact-'));
const repo = path.join(tmp, 'repo');
const env = { ...process.env, TESTBED_HOME: path.join(tmp, 'home') };
const started: ChildProcess[] = [];

/** The tracked files of `from`, as a fresh clone has them, with node_modules linked and dist/ built. */
function copyCheckout(from: string, to: string): void {
  const files = execFileSync('git', ['-C', from, 'ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const f of files) {
    const src = path.join(from, f);
    if (!fs.existsSync(src)) continue; // deleted in the working tree, not yet committed
    fs.mkdirSync(path.dirname(path.join(to, f)), { recursive: true });
    fs.copyFileSync(src, path.join(to, f));
  }
  fs.symlinkSync(fs.realpathSync(path.join(from, 'node_modules')), path.join(to, 'node_modules'));
  execFileSync(process.execPath, [path.join(to, 'bin/build-dist.js')], { stdio: 'ignore' });
}

/** Starts a command in its own process group, so stopping it stops what it started (npm, node, jobs). */
function startGroup(command: string, args: string[], cwd: string): ChildProcess {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr!.resume();
  started.push(child);
  return child;
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGINT'); // Ctrl-C in a terminal signals the whole group
  const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function status(url: string): Promise<{ code: number; body: string }> {
  try {
    const res = await fetch(url);
    return { code: res.status, body: await res.text() };
  } catch {
    return { code: 0, body: '' }; // not listening yet
  }
}

/** Seconds from `t0` until `url` answers 200, polled every 100 ms; `seen` gets each other answer's body. */
async function secondsUntil200(url: string, t0: number, limitS: number, seen?: (body: string) => void) {
  for (;;) {
    const { code, body } = await status(url);
    if (code === 200) return (performance.now() - t0) / 1000;
    if (code !== 0) seen?.(body);
    if ((performance.now() - t0) / 1000 > limitS) return undefined;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const rows: string[][] = [];
try {
  copyCheckout(source, repo);

  // npm start, as a new user runs it.
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const npmStart = startGroup('npm', ['start', '--', '--port', String(port)], repo);
  const q = encodeURIComponent(QUERY);
  const bm25S = await secondsUntil200(`${base}/search/bm25?index=demo&q=${q}`, t0, 1800);
  let progress = '';
  const hybridS = await secondsUntil200(
    `${base}/search/hybrid?index=demo&q=${q}`,
    t0,
    Number(values['dense-timeout-min']) * 60,
    (body) => {
      progress ||= body; // the first 503 seen
    },
  );
  const denseS = await secondsUntil200(
    `${base}/search/dense?index=demo&q=${q}`,
    t0,
    Number(values['dense-timeout-min']) * 60,
    (body) => {
      progress ||= body; // the first 503 seen
    },
  );
  await stopGroup(npmStart);
  rows.push(['`npm start`: first BM25 search answers 200', bm25S?.toFixed(1) ?? 'timed out', '1']);
  rows.push(['`npm start`: first hybrid search answers 200', hybridS?.toFixed(1) ?? 'timed out', '1']);
  rows.push(['`npm start`: first dense search answers 200', denseS?.toFixed(1) ?? 'timed out', '1']);

  // A cold CLI search of the finished index.
  const bin = path.join(repo, 'bin/testbed.js');
  const searchTimes: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    const res = spawnSync(process.execPath, [bin, 'search', 'data/demo.sqlite', QUERY], { cwd: repo, env });
    if (res.status !== 0) throw new Error(`testbed search exited ${res.status}: ${res.stderr}`);
    searchTimes.push((performance.now() - t) / 1000);
  }
  rows.push([`\`testbed search data/demo.sqlite "${QUERY}"\` (BM25)`, median(searchTimes).toFixed(2), String(runs)]);

  // serve over one small index: until its first BM25 search answers.
  const small = path.join(tmp, 'small');
  fs.mkdirSync(small);
  fs.copyFileSync(path.join(repo, 'data/demo.sqlite'), path.join(small, 'demo.sqlite'));
  const serveTimes: number[] = [];
  for (let r = 0; r < runs; r++) {
    const p = await freePort();
    const t = performance.now();
    const serve = startGroup(process.execPath, [bin, 'serve', '--data', small, '--port', String(p)], repo);
    const s = await secondsUntil200(`http://127.0.0.1:${p}/search/bm25?index=demo&q=${q}`, t, 120);
    await stopGroup(serve);
    if (s === undefined) throw new Error('testbed serve did not answer within 120 s');
    serveTimes.push(s);
  }
  rows.push([
    '`testbed serve --data DIR` (one small index): first BM25 search answers 200',
    median(serveTimes).toFixed(2),
    String(runs),
  ]);

  printHeader('First contact (issue 26)', import.meta.url);
  console.log(`Source: ${path.relative(process.cwd(), source) || '.'} (its tracked files, copied; an empty cache).\n`);
  console.log(mdTable(['what', 'seconds (median)', 'runs'], rows, 'lrr'));
  if (progress) console.log(`\nThe first 503 a hybrid or dense search got meanwhile: \`${progress}\``);
} finally {
  for (const child of started) await stopGroup(child).catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
}
