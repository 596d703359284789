import { parentPort } from 'node:worker_threads';
import { niceThisThread, SEARCH_WORKER_NICENESS } from '../search-pool/thread-niceness.js';
import { errorData } from '../worker-errors.js';
import { readServedLog } from '../../traffic/read-served-log.js';
import { waitAtGate } from './summary-gate.js';
import type { FromSummaryWorker, SummaryJob } from './summary-threads.js';
import { summarizeTraffic } from '../../traffic/traffic-summary.js';
import { logInterleavings } from './served-interleavings.js';

/**
 * A traffic summary worker (started by summary-worker.mjs): for each job, reads the log folder,
 * summarises it (or credits its interleavings) and answers with the result or the error. One job at a time: the main thread
 * sends the next only after the answer (summary-threads.ts).
 */

if (!parentPort) throw new Error('summary-worker-main must run as a worker thread');
const port = parentPort;
// Behind the main thread, as the search workers are, so /health answers at once while a large log is read.
niceThisThread(SEARCH_WORKER_NICENESS);
const post = (msg: FromSummaryWorker) => port.postMessage(msg);

port.on('message', async (job: SummaryJob) => {
  try {
    if (job.gate) waitAtGate(job.gate);
    const traffic = await readServedLog(job.dir);
    const result = job.interleavings
      ? logInterleavings(traffic, job.dir, job.interleavings.name)
      : summarizeTraffic(traffic, job.options);
    post({ type: 'done', result });
  } catch (err) {
    post({ type: 'failed', error: errorData(err) });
  }
});
