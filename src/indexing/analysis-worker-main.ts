import { parentPort, workerData } from 'node:worker_threads';
import { languageDetectorReady } from '../analysis/detect-language.js';
import { BatchAnalyser } from '../store/batch-analysis.js';
import type { SpilledLists } from '../store/postings-collector.js';
import type { AnalysisReply, AnalysisRequest, AnalysisWorkerSetup } from './analysis-protocol.js';

// One analysis thread of an index build (analysis-pool.ts): a BatchAnalyser over the batches the
// writing thread sends, answered in order; its postings stay here until it spills or is flushed.
if (!parentPort) throw new Error('analysis-worker-main.ts must run as a worker thread');
const port = parentPort;
const setup = workerData as AnalysisWorkerSetup;
const analyser = new BatchAnalyser(setup.tokenizer, setup.options);
// Requests that arrive while the detector loads wait behind it, in order; if it fails to load,
// every request is answered with that failure rather than never.
let loadFailure: Error | undefined;
let queue: Promise<void> = setup.detect
  ? languageDetectorReady().catch((err: Error) => {
      loadFailure = err;
    })
  : Promise.resolve();

port.on('message', (request: AnalysisRequest) => {
  queue = queue.then(() => port.postMessage(...answer(request)));
});

function answer(request: AnalysisRequest): [AnalysisReply, ArrayBuffer[]] {
  // The spilled lists' buffers move to the writing thread rather than being copied.
  const buffers = (lists: SpilledLists) => [lists.offsets.buffer as ArrayBuffer, lists.data.buffer as ArrayBuffer];
  try {
    if (loadFailure) throw loadFailure;
    if (request.type === 'flush') {
      const lists = analyser.flush();
      return [{ type: 'flushed', id: request.id, lists }, lists ? buffers(lists) : []];
    }
    const analysed = analyser.analyse(request.input);
    const spill = analysed.spill;
    return [{ type: 'analysed', id: request.id, analysed }, spill ? buffers(spill) : []];
  } catch (err) {
    return [{ type: 'failed', id: request.id, message: (err as Error).stack ?? String(err) }, []];
  }
}
