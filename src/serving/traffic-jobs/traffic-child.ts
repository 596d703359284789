/**
 * The process of one traffic job started over HTTP (TrafficJobs.start, through
 * startJobProcess): reads the server's query log, as `testbed queries sample` and `testbed gold
 * from-clicks` read a log folder, and samples a query set or judges the clicks into the job's
 * output folder. Reading a large log and counting it is CPU work the loop that answers requests
 * must not wait for. Every file is written atomically, so a job stopped half way leaves either
 * nothing or a whole file.
 */
import { InputError } from '../../errors.js';
import type { ClickOptions } from '../../traffic/click-models.js';
import { type ClickQrelsSummary, judgeClicks } from '../../traffic/judge-clicks.js';
import { matchDocs } from '../../traffic/match-docs.js';
import { readTraffic } from '../../traffic/read-traffic.js';
import { type QuerySetOptions, type QuerySetSummary, sampleQuerySet } from '../../traffic/sample-query-set.js';
import type { Traffic } from '../../traffic/types.js';
import { serveJob } from '../jobs/job-entry.js';

/** What the parent sends: which operation, over which log folder, writing where. */
export type TrafficTask =
  | { kind: 'sample'; logDir: string; outDir: string; options: QuerySetOptions }
  | {
      kind: 'judgement';
      logDir: string;
      qrelsFile: string;
      options: ClickOptions;
      /** A corpus inside the corpora root (already confined) whose documents the logged ids are matched to. */
      corpus?: string;
      docKey?: string;
      /** The ids of the query set to judge for (`queries`, read by the route): other queries' pairs are left out and counted. */
      queryIds?: string[];
    };

export type TrafficResult = QuerySetSummary | ClickQrelsSummary;

serveJob<TrafficTask, never, TrafficResult>(async (task) => {
  const traffic = await readLoggedTraffic(task.logDir);
  if (task.kind === 'sample') return sampleQuerySet(traffic, task.outDir, task.options);
  const matched =
    task.corpus === undefined
      ? traffic
      : await matchDocs(traffic, { corpus: task.corpus, ...(task.docKey !== undefined && { docKey: task.docKey }) });
  return judgeClicks(matched, task.qrelsFile, {
    ...task.options,
    ...(task.queryIds && { queryIds: new Set(task.queryIds) }),
  });
});

/**
 * The log folder's traffic. A log without a single search is refused rather than turned into an
 * empty query set or qrels file: an experiment over those would fail later with a message that
 * no longer says why.
 */
async function readLoggedTraffic(logDir: string): Promise<Traffic> {
  const traffic = await readTraffic([logDir]);
  if (traffic.searches.length === 0)
    throw new InputError(
      'the query log holds no searches yet: search this server first (every search it answers is logged), then ask again',
      { file: logDir },
    );
  return traffic;
}
