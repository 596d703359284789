import { stat } from 'node:fs/promises';
import { listLogFiles } from './log-paths.js';
import { logRelativeDropped } from './log-relative-dropped.js';
import { readTraffic } from './read-traffic.js';
import { summarizeTraffic, type SummaryOptions, type TrafficSummary } from './traffic-summary.js';
import type { Traffic } from './types.js';

/** The query log a server writes (`testbed serve --log-queries DIR`), as its routes and pages read it. */
export interface ServedTraffic {
  /** The folder the log is written to, as the command line named it. */
  dir: string;
  /** Reads the log as it is now (read-traffic.ts readTraffic([dir]) in the server). */
  load: () => Promise<Traffic>;
  /**
   * What the log's files are now (names, sizes, modification times): while it is unchanged the
   * last summary is still the log's, and is answered again without reading the log. Absent: the
   * log is read at every request.
   */
  stamp?: () => Promise<string>;
}

/** The last summary of each served log, with the stamp and options it was made for. */
const lastSummary = new WeakMap<ServedTraffic, { key: string; summary: TrafficSummary }>();

/**
 * The summary of the log as it stands at this request, so GET /traffic and the home page show
 * the searches logged up to the moment they were asked, and the two show the same numbers for
 * the same log. The home page asks at every load: a log whose files have not changed since the
 * last summary is not read again (reading is linear in the log, 5 s at 300,000 searches).
 */
export async function summarizeServedTraffic(
  served: ServedTraffic,
  options: SummaryOptions = {},
): Promise<TrafficSummary> {
  const key = served.stamp && `${await served.stamp()}\n${JSON.stringify(options)}`;
  const last = lastSummary.get(served);
  if (key !== undefined && last?.key === key) return last.summary;
  const summary = summarizeTraffic(await served.load(), options);
  if (key !== undefined) lastSummary.set(served, { key, summary });
  return summary;
}

/** What a server logging to `dir` shows of its traffic: the folder as readTraffic reads it, dropped lines named from it. */
export function servedTrafficOf(dir: string): ServedTraffic {
  return { dir, load: async () => logRelativeDropped(await readTraffic([dir]), dir), stamp: () => folderStamp(dir) };
}

/** Every log file of the folder as name, size and modification time: an append changes it. */
async function folderStamp(dir: string): Promise<string> {
  const files = await listLogFiles([dir]);
  const stats = await Promise.all(files.map((file) => stat(file)));
  return files.map((file, i) => `${file}:${stats[i]!.size}:${stats[i]!.mtimeMs}`).join('\n');
}
