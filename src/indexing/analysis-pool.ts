import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { languageDetectorReady } from '../analysis/detect-language.js';
import {
  type AnalysedBatch,
  type AnalysisBatch,
  type AnalysisTimes,
  BatchAnalyser,
  type BatchAnalyserOptions,
} from '../store/batch-analysis.js';
import type { SpilledLists } from '../store/postings-collector.js';
import { TOKENIZER_TABLE } from '../store/tokenizer-table.js';
import type { TokenizerName } from '../store/tokenizers.js';
import type { AnalysisReply, AnalysisRequest, AnalysisWorkerSetup } from './analysis-protocol.js';

/** An analysed batch and the analyser (postings stream) that analysed it. */
export interface Analysed {
  analysed: AnalysedBatch;
  stream: number;
}

/**
 * Where a build's batches are analysed: on `threads` worker threads, or on the writing thread
 * itself for one. Batch i goes to analyser i mod threads, so each analyser sees its batches in
 * rowid order (its postings must come so); the results are awaited in the order sent.
 */
export interface Analysts {
  readonly threads: number;
  analyse(input: AnalysisBatch): Promise<Analysed>;
  /** Each analyser's postings not yet spilled, by stream: at the end of the build. */
  flush(): Promise<{ stream: number; lists: SpilledLists | null }[]>;
  /** Busy milliseconds per stage, summed over analysers. */
  readonly times: AnalysisTimes;
  close(): Promise<void>;
}

/** The default of --threads: every core this process may use. */
export function defaultThreads(): number {
  return Math.max(1, os.availableParallelism());
}

/**
 * Analysts for a build: `threads` worker threads, or the writing thread itself when one is asked
 * or the tokenizer was registered at run time (a worker thread does not have it).
 */
export async function startAnalysts(
  tokenizer: TokenizerName,
  options: BatchAnalyserOptions,
  threads: number,
  detect: boolean,
): Promise<Analysts> {
  const builtIn = TOKENIZER_TABLE.some((row) => row.name === tokenizer);
  if (threads <= 1 || !builtIn) {
    if (detect) await languageDetectorReady();
    return inlineAnalysts(new BatchAnalyser(tokenizer, options));
  }
  return new WorkerAnalysts({ tokenizer, options, detect }, threads);
}

function addTimes(into: AnalysisTimes, add: AnalysisTimes): void {
  into.detection += add.detection;
  into.analysis += add.analysis;
  into.postings += add.postings;
}

function inlineAnalysts(analyser: BatchAnalyser): Analysts {
  const times: AnalysisTimes = { detection: 0, analysis: 0, postings: 0 };
  return {
    threads: 1,
    times,
    analyse: async (input) => {
      const analysed = analyser.analyse(input);
      addTimes(times, analysed.times);
      return { analysed, stream: 0 };
    },
    flush: async () => [{ stream: 0, lists: analyser.flush() }],
    close: async () => {},
  };
}

interface Pending {
  resolve: (reply: AnalysisReply) => void;
  reject: (err: Error) => void;
}

/** Analysis on worker threads (analysis-worker-main.ts), one BatchAnalyser each. */
class WorkerAnalysts implements Analysts {
  readonly times: AnalysisTimes = { detection: 0, analysis: 0, postings: 0 };
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private sent = 0;
  private failure: Error | undefined;

  constructor(
    setup: AnalysisWorkerSetup,
    readonly threads: number,
  ) {
    for (let i = 0; i < threads; i++) {
      // No parent flags: a test runner's loader flags break a plain-JS worker (search-pool.ts).
      const worker = new Worker(new URL('./analysis-worker.mjs', import.meta.url), { workerData: setup, execArgv: [] });
      worker.on('message', (reply: AnalysisReply) => this.settle(reply));
      worker.on('error', (err) => this.fail(new Error(`analysis thread ${i} failed: ${err.message}`)));
      worker.on('exit', (code) => {
        if (this.pending.size > 0)
          this.fail(new Error(`analysis thread ${i} exited (code ${code}) with batches pending`));
      });
      this.workers.push(worker);
    }
  }

  async analyse(input: AnalysisBatch): Promise<Analysed> {
    const stream = this.sent++ % this.threads;
    const reply = await this.request(stream, (id) => ({ type: 'analyse', id, input }));
    if (reply.type !== 'analysed') throw new Error(`analysis thread ${stream} answered ${reply.type}`);
    addTimes(this.times, reply.analysed.times);
    return { analysed: reply.analysed, stream };
  }

  async flush(): Promise<{ stream: number; lists: SpilledLists | null }[]> {
    return Promise.all(
      this.workers.map(async (_, stream) => {
        const reply = await this.request(stream, (id) => ({ type: 'flush', id }));
        if (reply.type !== 'flushed') throw new Error(`analysis thread ${stream} answered ${reply.type}`);
        return { stream, lists: reply.lists };
      }),
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private request(stream: number, message: (id: number) => AnalysisRequest): Promise<AnalysisReply> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.workers[stream]!.postMessage(message(id));
    });
  }

  private settle(reply: AnalysisReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (reply.type === 'failed') pending.reject(new Error(`index analysis failed: ${reply.message}`));
    else pending.resolve(reply);
  }

  private fail(err: Error): void {
    this.failure ??= err;
    for (const { reject } of this.pending.values()) reject(err);
    this.pending.clear();
  }
}
