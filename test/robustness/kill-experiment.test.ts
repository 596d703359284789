import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileSafe } from '../../src/reports/file-safe.js';
import type { ExperimentReport } from '../../src/reports/report-model.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { spawnLines } from './helpers/child-lines.js';
import { writeGeneratedCorpus } from './helpers/generated-corpus.js';
import { timeBudget } from '../helpers/time-budget.js';

/**
 * `testbed experiment` killed with SIGKILL half way, then run again: the configurations that had
 * finished are reused untouched (their cell files keep their bytes and mtimes, the report says
 * `resumed`), the others run, the killed index build's temp file is swept, and the final report
 * scores exactly what an uninterrupted run into another folder scores.
 */

const BIN = path.resolve(import.meta.dirname, '../../bin/testbed.js');
const dir = tmpDir('kill-experiment-');
const corpus = path.join(dir, 'corpus');
const configFile = path.join(dir, 'kill.yaml');
const CHUNKERS = ['structure:40', 'words:30:10'];
const RETRIEVERS = ['bm25', 'dense', 'hybrid'];
const CELLS = CHUNKERS.flatMap((c) => RETRIEVERS.map((r) => `${r} / ${c}`));

const experiment = (out: string, cache: string) =>
  spawnLines([BIN, 'experiment', configFile, '--out', out, '--cache', cache], { cwd: dir });
const cellFiles = (out: string) => {
  const cells = path.join(out, 'cells');
  return fs.existsSync(cells) ? fs.readdirSync(cells).sort() : [];
};
/** The pids whose parent is `pid` (Linux: /proc/PID/stat's fourth field). */
const childrenOf = (pid: number): number[] =>
  fs.readdirSync('/proc').flatMap((name) => {
    if (!/^\d+$/.test(name)) return [];
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid ? [Number(name)] : [];
    } catch {
      return [];
    }
  });
const readReport = (out: string) =>
  JSON.parse(fs.readFileSync(path.join(out, 'report.json'), 'utf8')) as ExperimentReport;

beforeAll(() => {
  // The tiny gold set, over a corpus padded with generated documents so that each of the two
  // index builds lasts long enough to be killed in.
  fs.cpSync(TINY_BEIR, corpus, { recursive: true });
  const filler = path.join(dir, 'filler.jsonl');
  writeGeneratedCorpus(filler, 1500);
  fs.appendFileSync(path.join(corpus, 'corpus.jsonl'), fs.readFileSync(filler));
  fs.writeFileSync(
    configFile,
    `name: kill
corpus: ${corpus}
ks: [1, 3, 5, 10]
context_k: 3
rerank_depth: 10
metrics: [ndcg@5, mrr, map]
slices: [type, source]
baseline: bm25 / structure:40
seed: 7
grid:
  chunkers: [${CHUNKERS.join(', ')}]
  embedders: ['hash:64']
  tokenizers: [unicode61]
  retrievers:
    - { name: bm25, mode: bm25 }
    - { name: dense, mode: dense }
    - { name: hybrid, mode: hybrid, fusion: rrf, rrf_k: 60 }
`,
  );
});

describe('an experiment killed half way and run again', () => {
  const out = path.join(dir, 'interrupted');
  const cache = path.join(dir, 'cache');
  let finishedBefore: Map<string, { mtimeMs: number; bytes: string }>;
  let resumedRun: ExperimentReport;
  let leftover = '';

  it("is killed while building the second index, with the first index's cells on disk", async () => {
    const run = experiment(out, cache);
    // stderr says "index for <cell>..." when an index is built; the second one starts after the
    // first chunker's three cells are written
    const secondIndex = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no second index build:\n${run.stderr()}`)), timeBudget(60_000));
      run.child.stderr.on('data', () => {
        if ((run.stderr().match(/^index for /gm) ?? []).length >= 2) clearTimeout(timer), resolve();
      });
      void run.exited.then(() => reject(new Error(`exited before the second index:\n${run.stderr()}`)));
    });
    await secondIndex;
    // and wait for that build's temp file, so the kill lands inside the build itself
    const indexDir = path.join(cache, 'indexes');
    for (let i = 0; i < 3000 && !fs.readdirSync(indexDir).some((f) => f.includes('.building-')); i++) {
      await new Promise((r) => setTimeout(r, 5));
    }
    // The whole process tree at once, as the OOM killer or a power cut would: the experiment
    // runs in a child process of the CLI, and a child left alive would exit on the IPC
    // disconnect and remove its own temp file (atomic-build.ts), leaving nothing to sweep.
    for (const pid of childrenOf(run.child.pid!)) process.kill(pid, 'SIGKILL');
    run.child.kill('SIGKILL');
    expect(await run.exited).toBe('SIGKILL');

    expect(fs.existsSync(path.join(out, 'report.json'))).toBe(false);
    expect(fs.readdirSync(indexDir).filter((f) => f.includes('.building-')).length).toBeGreaterThan(0);
    const files = cellFiles(out);
    expect(files).toEqual(
      CELLS.slice(0, RETRIEVERS.length)
        .map((c) => `${fileSafe(c)}.json`)
        .sort(),
    );
    // a kill between writing a cell's temp file and renaming it leaves this (half a JSON)
    leftover = path.join(out, 'cells', `${fileSafe(CELLS[RETRIEVERS.length]!)}.json.tmp-${run.child.pid}`);
    fs.writeFileSync(leftover, '{"key":"');
    finishedBefore = new Map(
      files.map((f) => {
        const file = path.join(out, 'cells', f);
        return [f, { mtimeMs: fs.statSync(file).mtimeMs, bytes: fs.readFileSync(file, 'utf8') }];
      }),
    );
  });

  it('the re-run reuses the finished cells untouched, runs the rest and leaves no temp file behind', async () => {
    // let the clock move on, so a rewritten cell file would show a newer mtime
    await new Promise((r) => setTimeout(r, 50));
    const run = experiment(out, cache);
    expect(await run.exited, run.stderr()).toBe(0);
    resumedRun = readReport(out);
    expect(resumedRun.configs.map((c) => [c.name, c.resumed])).toEqual(
      CELLS.map((name, i) => [name, i < RETRIEVERS.length]),
    );
    expect(run.lines.filter((l) => l.includes('(reused)')).length).toBe(RETRIEVERS.length);
    for (const [f, before] of finishedBefore) {
      const file = path.join(out, 'cells', f);
      expect(fs.statSync(file).mtimeMs, f).toBe(before.mtimeMs);
      expect(fs.readFileSync(file, 'utf8'), f).toBe(before.bytes);
    }
    expect(cellFiles(out)).toHaveLength(CELLS.length);
    // the first index came from the cache; the second was built again from scratch
    expect(resumedRun.configs.map((c) => c.index.reused)).toEqual(CELLS.map((_, i) => i < RETRIEVERS.length));
    const indexDir = path.join(cache, 'indexes');
    const indexFiles = fs.readdirSync(indexDir);
    expect(indexFiles.filter((f) => f.endsWith('.sqlite'))).toHaveLength(CHUNKERS.length);
    // (-wal and -shm files stay beside an index a read-only connection has opened: that is SQLite)
    expect(
      indexFiles.filter((f) => f.includes('.building-')),
      indexFiles.join(', '),
    ).toEqual([]);
    // the killed run's half-written cell file is swept, not read
    expect(fs.existsSync(leftover)).toBe(false);
    expect(fs.readdirSync(path.join(out, 'cells')).filter((f) => !f.endsWith('.json'))).toEqual([]);
  });

  it('the resumed report scores exactly what an uninterrupted run scores', async () => {
    const cleanOut = path.join(dir, 'uninterrupted');
    const run = experiment(cleanOut, path.join(dir, 'clean-cache'));
    expect(await run.exited, run.stderr()).toBe(0);
    const clean = readReport(cleanOut);
    expect(clean.configs.every((c) => !c.resumed)).toBe(true);
    // everything that is a score (latency and build times are measurements, not scores)
    const scores = (r: ExperimentReport) => ({
      queries: r.queries,
      metrics: r.metrics,
      checks: r.checks,
      sourceGap: r.sourceGap,
      configs: r.configs.map((c) => ({
        name: c.name,
        means: c.means,
        perQuery: c.perQuery,
        slices: c.slices,
        significance: c.significance,
        bestSingle: c.bestSingle,
        failures: c.failures,
        chunks: c.index.chunks,
      })),
    });
    expect(scores(resumedRun)).toEqual(scores(clean));
    expect(resumedRun.configs[0]!.means['ndcg@5']).toBeGreaterThan(0);
    // and the TREC run files agree to the byte
    const runs = fs.readdirSync(path.join(cleanOut, 'runs')).sort();
    expect(runs).toHaveLength(CELLS.length);
    for (const f of runs) {
      expect(fs.readFileSync(path.join(out, 'runs', f), 'utf8'), f).toBe(
        fs.readFileSync(path.join(cleanOut, 'runs', f), 'utf8'),
      );
    }
  });
});
