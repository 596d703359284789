import { parentPort, workerData } from 'node:worker_threads';
import { EmbedderPool } from '../../embedders/embedder-pool.js';
import { InputError } from '../../errors.js';
import {
  allocateSharedVectorMatrix,
  allocateVectorMatrix,
  attachVectorMatrix,
  type SharedVectorMatrix,
  type VectorTable,
} from '../../retrievers/dense.js';
import { Searcher, type VectorLoader } from '../../search/searcher.js';
import type { IndexMeta } from '../../store/index-meta.js';
import type { IndexReader } from '../../store/index-reader.js';
import { errorData, type FromWorker, type ToWorker, type VectorAnswer, type WorkerSetup } from './protocol.js';
import { hitLanguages } from '../searchers/hit-languages.js';
import { OpenIndexes } from '../searchers/open-indexes.js';
import { corruptionAsUnreadable } from '../catalog/index-status.js';
import { niceThisThread, SEARCH_WORKER_NICENESS } from './thread-niceness.js';

/**
 * One search worker (started by search-worker.mjs): answers the pool's search messages with its
 * own connections and query embedders, and borrows every dense table from the pool, so the
 * vectors are in memory once however many workers scan them.
 */

/** How often open indexes are checked for deletion or replacement (requests check for themselves). */
const SWEEP_MS = 2000;

if (!parentPort) throw new Error('search-worker-main must run as a worker thread');
const port = parentPort;
// Behind the main thread, so routing and /health stay quick however busy the searches keep the cores.
niceThisThread(SEARCH_WORKER_NICENESS);
const setup = workerData as WorkerSetup;
const post = (msg: FromWorker) => port.postMessage(msg);

const embedders = new EmbedderPool();
const asked = new Map<number, (answer: VectorAnswer) => void>();
let nextAsk = 0;

/** Which build of the file a table holds: rows of another build (same path, rebuilt) must not be borrowed. */
function buildId(meta: IndexMeta): string {
  return [
    meta.build.startedAt,
    meta.build.seconds,
    meta.corpus.contentHash,
    meta.counts.vectors,
    meta.embedder?.dims ?? 0,
  ].join('|');
}

const sharedVectors =
  (stamp: string): VectorLoader =>
  async (reader) => {
    const file = reader.file;
    const build = buildId(reader.meta);
    const id = nextAsk++;
    const answer = await new Promise<VectorAnswer>((resolve) => {
      asked.set(id, resolve);
      post({ type: 'vectors?', id, file, build, stamp });
    });
    asked.delete(id);
    if ('shared' in answer) return borrow(reader, answer.shared);
    if (answer.load === 'own') return reader.loadVectors(allocateVectorMatrix);
    let loaded: { table: VectorTable; shared: SharedVectorMatrix | null } | undefined;
    try {
      loaded = loadShared(reader);
      return loaded.table;
    } finally {
      // Those waiting for this table are told either way: null sends them to load their own.
      post({ type: 'vectors!', file, build, shared: loaded?.shared ?? null });
    }
  };

/**
 * The file's vectors read into shared memory, sized by the meta's counts. Fewer rows than the
 * meta says (a damaged file) are searched by this worker alone and not shared.
 */
function loadShared(reader: IndexReader): { table: VectorTable; shared: SharedVectorMatrix | null } {
  const shared = allocateSharedVectorMatrix(reader.meta.counts.vectors, reader.meta.embedder?.dims ?? 0, setup.slots);
  const matrix = attachVectorMatrix(shared, setup.slot);
  const table = reader.loadVectors(() => matrix);
  return { table, shared: table.chunkIds.length === shared.rows ? shared : null };
}

/** A table another worker loaded from this build: its rows in shared memory, their ids read here. */
function borrow(reader: IndexReader, shared: SharedVectorMatrix): VectorTable {
  const ids = reader.loadVectorIds();
  if (ids.chunkIds.length !== shared.rows) {
    throw new InputError(`index has ${ids.chunkIds.length} vectors, its shared table ${shared.rows}`, {
      file: reader.file,
    });
  }
  return { matrix: attachVectorMatrix(shared, setup.slot), dims: shared.dims, ...ids };
}

const indexes = new OpenIndexes(
  (name, file, stamp) => new Searcher(name, file, (id) => embedders.get(id), sharedVectors(stamp)),
);
setInterval(() => indexes.sweep(), SWEEP_MS).unref();

/** Keeps the thread busy for ms (the busyMs hook): what a slow, CPU-bound search does to it. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

port.on('message', async (msg: ToWorker) => {
  if (msg.type === 'vectors') return asked.get(msg.id)?.(msg.answer);
  try {
    if (msg.type === 'languages') {
      const languages = hitLanguages(indexes.get(msg.index, msg.file), msg.responses);
      return post({ type: 'result', id: msg.id, json: JSON.stringify([...languages]) });
    }
    if (setup.busyMs) spin(setup.busyMs);
    const response = await indexes.get(msg.index, msg.file).search(msg.request);
    post({ type: 'result', id: msg.id, json: JSON.stringify(response) });
  } catch (err) {
    // A corrupt page is the index being unreadable (a 409), as the server's own thread says it.
    post({ type: 'failed', id: msg.id, error: errorData(corruptionAsUnreadable(err, msg.index)) });
  }
});

// Before 'ready', so the pool's start waits for it. A search sent meanwhile (the pool sends to a
// worker that is not ready only when none is) is answered as it comes, opening what it needs.
await indexes.openAll(setup.open ?? []);
post({ type: 'ready' });
