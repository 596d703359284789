import { Worker } from 'node:worker_threads';
import type { SearchRequest, SearchResponse } from '../../search/types.js';
import { type HitIds, hitIds } from '../searchers/hit-languages.js';
import type { IndexFile, IndexSearch } from '../searchers/index-search.js';
import {
  type FromWorker,
  reviveError,
  SearchUnavailableError,
  type ToWorker,
  type WorkerSetup,
  type WorkerTask,
} from './protocol.js';
import { VectorShares } from './vector-shares.js';

export { SearchUnavailableError };

export interface SearchPoolOptions {
  /** Worker threads, each with its own connections to the index files (at least 1). */
  workers: number;
  /** Test and bench hook: every search first keeps its worker busy this many ms. */
  busyMs?: number;
  /**
   * Indexes every worker opens for search before it is ready (OpenIndexes.openAll): start()
   * resolves once they are open, and a worker started to replace one that died opens them too.
   */
  open?: IndexFile[];
}

interface Pending {
  id: number;
  task: WorkerTask;
  /** Already sent again once after its worker died: a second death answers 503. */
  retried: boolean;
  resolve: (json: string) => void;
  reject: (err: Error) => void;
}

interface Slot {
  index: number;
  worker: Worker | null;
  ready: boolean;
  pending: Map<number, Pending>;
  /** Deaths before becoming ready, in a row: the restart waits longer after each. */
  failedStarts: number;
  restart?: NodeJS.Timeout;
}

/** How often tables of deleted or rebuilt index files are let go. */
const PRUNE_MS = 5000;
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * Starts a worker: plain JavaScript beside this file (see search-worker.mjs), without the
 * parent's node flags, as use-lite's workers (a test runner's loader flags break a worker).
 */
function spawnWorker(setup: WorkerSetup): Worker {
  return new Worker(new URL('./search-worker.mjs', import.meta.url), { workerData: setup, execArgv: [] });
}

/**
 * Searches answered by worker threads, so the main thread's loop only parses requests and writes
 * answers, and /health, the pages and the rest of the API answer at once however many searches
 * run. Each request goes to the worker with the fewest searches in flight; the worker answers
 * with the response's JSON text (the main thread does not serialise it again) or with the error
 * rebuilt here as the same class (the same HTTP answer as in-process). Dense tables are loaded
 * once into shared memory (VectorShares). A worker that dies is replaced; its searches are sent
 * once more to another, then answered with SearchUnavailableError. Idle workers are unref'd.
 */
export class SearchPool implements IndexSearch {
  private readonly slots: Slot[] = [];
  private readonly shares = new VectorShares();
  private readonly pruner: NodeJS.Timeout;
  private nextId = 0;
  private turn = 0;
  private closed = false;
  /** Set while start() waits: a worker that dies before it is ready fails the start. */
  private starting: { left: number; resolve: () => void; reject: (err: Error) => void } | null = null;

  private constructor(private readonly options: SearchPoolOptions) {
    if (!Number.isInteger(options.workers) || options.workers < 1)
      throw new RangeError(`a search pool needs at least 1 worker, got ${options.workers}`);
    for (let index = 0; index < options.workers; index++)
      this.slots.push({ index, worker: null, ready: false, pending: new Map(), failedStarts: 0 });
    this.pruner = setInterval(() => this.shares.prune(), PRUNE_MS).unref();
  }

  /** Starts the workers and resolves once every one is ready to search. */
  static async start(options: SearchPoolOptions): Promise<SearchPool> {
    const pool = new SearchPool(options);
    const ready = new Promise<void>((resolve, reject) => (pool.starting = { left: options.workers, resolve, reject }));
    try {
      for (const slot of pool.slots) pool.startWorker(slot);
      await ready;
    } catch (err) {
      await pool.close();
      throw err;
    } finally {
      pool.starting = null;
    }
    return pool;
  }

  get size(): number {
    return this.slots.length;
  }

  /** The response of `request` on the index `index` (whose file is `file`), as JSON text. */
  searchJson(index: string, file: string, request: SearchRequest): Promise<string> {
    return this.run({ type: 'search', index, file, request });
  }

  async search(index: string, file: string, request: SearchRequest): Promise<SearchResponse> {
    return JSON.parse(await this.searchJson(index, file, request)) as SearchResponse;
  }

  /** Read by a worker, where the index is open: the main thread opens none. */
  async hitLanguages(index: string, file: string, responses: readonly HitIds[]): Promise<Map<string, string>> {
    const json = await this.run({ type: 'languages', index, file, responses: hitIds(responses) });
    return new Map(JSON.parse(json) as [string, string][]);
  }

  private run(task: WorkerTask): Promise<string> {
    return new Promise((resolve, reject) =>
      this.dispatch({ id: this.nextId++, task, retried: false, resolve, reject }),
    );
  }

  /** Searches in flight per worker (for tests and benches). */
  inFlight(): number[] {
    return this.slots.map((s) => s.pending.size);
  }

  /** Dense tables held in shared memory, one per index file searched densely (for tests and benches). */
  get vectorTables(): number {
    return this.shares.size;
  }

  /** Stops worker `slot` as a crash would (for tests): it is replaced, its searches sent again. */
  async kill(slot: number): Promise<void> {
    await this.slots[slot]?.worker?.terminate();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.pruner);
    const stopping = new SearchUnavailableError('the server is stopping');
    await Promise.all(
      this.slots.map(async (slot) => {
        clearTimeout(slot.restart);
        for (const p of slot.pending.values()) p.reject(stopping);
        slot.pending.clear();
        const worker = slot.worker;
        slot.worker = null;
        await worker?.terminate();
      }),
    );
  }

  private dispatch(p: Pending): void {
    if (this.closed) return p.reject(new SearchUnavailableError('the server is stopping'));
    const slot = this.pick();
    if (!slot?.worker) return p.reject(new SearchUnavailableError('no search worker is running; try again shortly'));
    if (slot.pending.size === 0) slot.worker.ref();
    slot.pending.set(p.id, p);
    try {
      slot.worker.postMessage({ ...p.task, id: p.id } satisfies ToWorker);
    } catch (err) {
      this.settle(slot, p.id);
      p.reject(err as Error);
    }
  }

  /** The worker with the fewest searches in flight, ready ones first; ties taken in turn. */
  private pick(): Slot | undefined {
    let best: Slot | undefined;
    const n = this.slots.length;
    for (let i = 0; i < n; i++) {
      const s = this.slots[(this.turn + i) % n]!;
      if (!s.worker) continue;
      if (!best || (s.ready && !best.ready) || (s.ready === best.ready && s.pending.size < best.pending.size)) best = s;
    }
    this.turn = (this.turn + 1) % n;
    return best;
  }

  private settle(slot: Slot, id: number): Pending | undefined {
    const p = slot.pending.get(id);
    slot.pending.delete(id);
    if (slot.pending.size === 0) slot.worker?.unref();
    return p;
  }

  private startWorker(slot: Slot): void {
    slot.restart = undefined;
    const worker = spawnWorker({
      slot: slot.index,
      slots: this.slots.length,
      ...(this.options.busyMs !== undefined && { busyMs: this.options.busyMs }),
      ...(this.options.open && { open: this.options.open }),
    });
    slot.worker = worker;
    slot.ready = false;
    worker.unref();
    worker.on('message', (msg: FromWorker) => this.onMessage(slot, worker, msg));
    worker.on('error', (err) => console.error(`search worker ${slot.index} failed:`, err));
    worker.once('exit', (code) => this.onExit(slot, worker, code));
  }

  private onMessage(slot: Slot, worker: Worker, msg: FromWorker): void {
    switch (msg.type) {
      case 'ready':
        slot.ready = true;
        slot.failedStarts = 0;
        if (this.starting && --this.starting.left === 0) this.starting.resolve();
        return;
      case 'result':
        return this.settle(slot, msg.id)?.resolve(msg.json);
      case 'failed':
        return this.settle(slot, msg.id)?.reject(reviveError(msg.error, slot.index));
      case 'vectors?':
        return this.shares.ask(msg.file, msg.build, msg.stamp, slot.index, (answer) =>
          worker.postMessage({ type: 'vectors', id: msg.id, answer } satisfies ToWorker),
        );
      case 'vectors!':
        return this.shares.loaded(msg.file, msg.build, msg.shared);
    }
  }

  private onExit(slot: Slot, worker: Worker, code: number): void {
    if (slot.worker !== worker) return; // closed, or already replaced
    const wasReady = slot.ready;
    slot.worker = null;
    slot.ready = false;
    this.shares.workerGone(slot.index);
    const orphans = [...slot.pending.values()];
    slot.pending.clear();
    if (this.starting) {
      this.starting.reject(
        new Error(`search worker ${slot.index} exited with code ${code} before it was ready (see the error above)`),
      );
    } else if (!this.closed) {
      if (!wasReady) slot.failedStarts++;
      const delay = slot.failedStarts === 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 250 * 2 ** (slot.failedStarts - 1));
      console.error(
        `search worker ${slot.index} exited with code ${code}; starting another${delay ? ` in ${delay} ms` : ''}`,
      );
      // At once after a worker that was serving (its searches may be sent to the new one, which
      // takes them once started); later and later after one that died starting (a broken setup).
      if (delay === 0) this.startWorker(slot);
      else slot.restart = setTimeout(() => this.startWorker(slot), delay).unref();
    }
    for (const p of orphans) {
      if (p.retried || this.closed)
        p.reject(new SearchUnavailableError('the search worker stopped while answering, twice; try again'));
      else (p.retried = true), this.dispatch(p);
    }
  }
}
