import fs from 'node:fs';
import path from 'node:path';
import type { Qrels } from '../../corpus/types.js';
import { InputError, NotFoundError } from '../../errors.js';
import { goldPaths } from '../../experiments/config.js';
import { fileSafe } from '../../reports/file-safe.js';
import { buildPool, type PoolEntry, type PoolRun } from '../../runs/pool.js';
import { rankingOf } from '../../runs/run.js';
import { readTrecRun } from '../../runs/trec-run-reader.js';
import { listSaved, readSaved } from '../experiments/report-source.js';

/** What `pool=` takes to judge an experiment's configurations directly: `experiment:NAME`. */
export const EXPERIMENT_POOL = 'experiment:';

/** The depth an experiment's pool is taken at when the form gives none: judged@10 is what reports warn on. */
export const DEFAULT_EXPERIMENT_DEPTH = 10;

/** A saved experiment the judging page offers as a pool. */
export interface ExperimentPoolRef {
  /** `experiment:NAME`, NAME the report's folder under the results root. */
  value: string;
  name: string;
  configs: number;
}

/**
 * The saved experiments whose configurations can be judged: those with a report and at least
 * one run file (`<results>/NAME/runs/*.trec`, written with every report).
 */
export function findExperimentPools(resultsRoot: string): ExperimentPoolRef[] {
  return listSaved(resultsRoot)
    .filter((s) => s.report.configs.some((c) => fs.existsSync(runFile(s.output, c.name))))
    .map((s) => ({ value: `${EXPERIMENT_POOL}${s.name}`, name: s.name, configs: s.report.configs.length }));
}

interface Cached {
  stamp: string;
  entries: PoolEntry[];
}

const MAX_CACHED = 8;
const cache = new Map<string, Cached>();

/**
 * The depth-D pool of a saved experiment's configurations, built from their run files at the
 * report's level exactly as `testbed pool` builds it (runs/pool.ts), its pairs marked with the
 * grades `published` holds. Published grades only: judgements added since stay holes here, so
 * that a second judge grades the pairs a first one did and their agreement can be measured (the
 * page leaves out each judge's own). Kept until a run file changes: the page rebuilds its view
 * at every key press.
 */
export async function experimentPool(
  resultsRoot: string,
  value: string,
  depth: number,
  published: Qrels,
  publishedStamp: string,
): Promise<PoolEntry[]> {
  const name = value.slice(EXPERIMENT_POOL.length);
  const saved = readSaved(resultsRoot, name);
  if (saved === undefined)
    throw new NotFoundError(`no saved experiment report named ${JSON.stringify(name)} under the results root`);
  const files = saved.report.configs.map((c) => ({ name: c.name, file: runFile(saved.output, c.name) }));
  const present = files.filter((f) => fs.existsSync(f.file));
  if (present.length === 0)
    throw new InputError(`experiment ${JSON.stringify(name)} has no run files in ${path.join(name, 'runs')}`, {
      field: 'pool',
    });
  const stamp = [depth, publishedStamp, ...present.map((f) => fileStamp(f.file))].join('\n');
  const key = `${resultsRoot}\n${name}`;
  const hit = cache.get(key);
  if (hit?.stamp === stamp) return hit.entries;
  const runs: PoolRun[] = await Promise.all(
    present.map(async ({ name: config, file }) => {
      const run = await readTrecRun(file);
      return { name: config, rankings: new Map([...run.keys()].map((qid) => [qid, rankingOf(run, qid)])) };
    }),
  );
  const { entries } = buildPool(runs, published, depth, saved.report.level);
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(key, { stamp, entries });
  return entries;
}

/** The qrels file a saved experiment was scored against (absolute), for the page to preselect. */
export function experimentQrels(resultsRoot: string, value: string): string | undefined {
  const saved = readSaved(resultsRoot, value.slice(EXPERIMENT_POOL.length));
  return saved && path.resolve(goldPaths(saved.report.config).qrels);
}

const runFile = (output: string, config: string) => path.join(output, 'runs', `${fileSafe(config)}.trec`);

function fileStamp(file: string): string {
  const s = fs.statSync(file);
  return `${file}:${s.mtimeMs}:${s.size}`;
}
