import { stat } from 'node:fs/promises';
import { listLogFiles } from '../../traffic/log-paths.js';
import { readServedLog } from '../../traffic/read-served-log.js';
import type { SummaryGate } from './summary-gate.js';
import { SummaryThreads } from './summary-threads.js';
import { summarizeTraffic, type SummaryOptions, type TrafficSummary } from '../../traffic/traffic-summary.js';
import type { Traffic } from '../../traffic/types.js';
import type { InterleavingsJson } from '../../traffic/interleaving/interleaving-report.js';

/** The query log a server writes (`testbed serve --log-queries DIR`), as its routes and pages read it. */
export interface ServedTraffic {
  /** The folder the log is written to, as the command line named it. */
  dir: string;
  /** Reads the log as it is now (read-served-log.ts in the server). */
  load: () => Promise<Traffic>;
  /**
   * Builds the summary of the log as it is now off the main thread (a worker: summary-threads.ts).
   * Absent: summarizeTraffic over load(), on the main thread (a log held in memory, in tests).
   */
  summarize?: (options: SummaryOptions) => Promise<TrafficSummary>;
  /**
   * Credits the log's interleavings as it is now off the main thread (the same workers).
   * Absent: interleavingReport over load(), on the main thread.
   */
  interleavings?: (name?: string) => Promise<InterleavingsJson>;
  /**
   * What the log's files are now (names, sizes, modification times): while it is unchanged the
   * last summary is still the log's, and is answered again without reading the log. Absent: the
   * log is read at every request.
   */
  stamp?: () => Promise<string>;
  /** Ends the summaries still being built (the server is stopping). */
  close?: () => Promise<void>;
}

/**
 * The last summary of each served log, with the stamp and options it was made for: a promise,
 * so requests that arrive while it is being built wait for the same one instead of each reading
 * the log again.
 */
const lastSummary = new WeakMap<ServedTraffic, { key: string; summary: Promise<TrafficSummary> }>();

/**
 * The summary of the log as it stands at this request, so GET /traffic and the home page show
 * the searches logged up to the moment they were asked, and the two show the same numbers for
 * the same log. The home page asks at every load: a log whose files have not changed since the
 * last summary is not read again (reading is linear in the log, 5 s at 300,000 searches). A
 * summary that failed is not kept: the next request tries again.
 */
export async function summarizeServedTraffic(
  served: ServedTraffic,
  options: SummaryOptions = {},
): Promise<TrafficSummary> {
  const key = served.stamp && `${await served.stamp()}\n${JSON.stringify(options)}`;
  const last = lastSummary.get(served);
  if (key !== undefined && last?.key === key) return last.summary;
  const summary = served.summarize
    ? served.summarize(options)
    : served.load().then((t) => summarizeTraffic(t, options));
  if (key !== undefined) {
    const entry = { key, summary };
    lastSummary.set(served, entry);
    summary.catch(() => lastSummary.get(served) === entry && lastSummary.delete(served));
  }
  return summary;
}

/**
 * What a server logging to `dir` shows of its traffic: the folder as readTraffic reads it,
 * dropped lines named from it, summarised in worker threads (summary-threads.ts) that close() ends. `gate`: a test
 * hook that holds each summary's worker (summary-gate.ts).
 */
export function servedTrafficOf(dir: string, hooks: { gate?: SummaryGate } = {}): ServedTraffic {
  const threads = new SummaryThreads();
  return {
    dir,
    load: () => readServedLog(dir),
    summarize: (options) => threads.summarize({ dir, options, ...(hooks.gate && { gate: hooks.gate.buffer }) }),
    interleavings: (name) => threads.interleavings({ dir, ...(hooks.gate && { gate: hooks.gate.buffer }) }, name),
    stamp: () => folderStamp(dir),
    close: () => threads.close(),
  };
}

/** Every log file of the folder as name, size and modification time: an append changes it. */
async function folderStamp(dir: string): Promise<string> {
  const files = await listLogFiles([dir]);
  const stats = await Promise.all(files.map((file) => stat(file)));
  return files.map((file, i) => `${file}:${stats[i]!.size}:${stats[i]!.mtimeMs}`).join('\n');
}
