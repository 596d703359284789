import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { buildHnsw, type HnswBuildParams, type HnswSearch, viewHnsw } from './hnsw-file.js';

/** What an ANN leg asks for: the graph's build parameters and its search width. */
export interface AnnSettings extends HnswBuildParams {
  efSearch: number;
}

/** The index an ANN graph is made from, as the leg sees it. */
export interface AnnSource {
  /** The index file: the graph is saved beside it. */
  indexFile: string;
  /** The key of the index's vectors (store/vectors-key.ts): a graph of other vectors has another name. */
  vectorsKey: string;
  rows: number;
  dims: number;
  /** Reads the vectors a batch at a time, in row order, for a build only (a graph on disk never needs them). */
  vectorBatches(): Iterable<Float32Array>;
}

/** How a graph was opened: from its file as found, or built now. */
export interface OpenedAnn {
  graph: HnswSearch;
  file: string;
  built: boolean;
}

// A float32 graph's name has no quantization part: it is the name graphs had before float16 came.
const PREFIX = (indexFile: string, p: HnswBuildParams) =>
  `${path.basename(indexFile)}.hnsw-m${p.connectivity}-efc${p.efConstruction}-${p.quantization === 'f32' ? '' : `${p.quantization}-`}`;
const SUFFIX = '.usearch';
const NO_MATCHES = { rows: new Uint32Array(0), scores: new Float32Array(0) };

/**
 * The graph's file beside the index: `<index>.hnsw-m<M>-efc<ef_construction>-<vectors key>.usearch`
 * (`...-efc<ef_construction>-f16-<vectors key>...` for a float16 graph).
 * The vectors' key in the name is what keeps invalidation honest: a rebuilt index (new vectors,
 * or the same ones written by another build) looks for another file, never the stale one.
 */
export function annFilePath(indexFile: string, params: HnswBuildParams, vectorsKey: string): string {
  return path.join(path.dirname(indexFile), `${PREFIX(indexFile, params)}${vectorsKey}${SUFFIX}`);
}

/**
 * The graph for `source` at `settings`, viewed (memory-mapped) from its file, built first when
 * the file is missing, unreadable or holds another row count. A build writes to a private
 * temporary file and renames it into place, so a reader never maps half a file and two threads
 * building at once both end with a whole one; it then deletes the graphs of the same parameters
 * left by earlier builds of the index. Threads and processes that ask for the same graph at once
 * build it once: the others wait for the builder's file (takeBuildLock). Where the index's folder
 * cannot be written, the graph is saved under the system's temporary folder instead (said on stderr).
 */
export function openAnnGraph(source: AnnSource, settings: AnnSettings): OpenedAnn {
  // An index without vectors yet (written lexical-first) has nothing to build a graph of.
  if (source.rows === 0) return { graph: { size: 0, search: () => NO_MATCHES }, file: '', built: false };
  const file = annFilePath(source.indexFile, settings, source.vectorsKey);
  for (const candidate of [file, fallbackPath(file)]) {
    const found = tryView(candidate, source, settings);
    if (found) return { graph: found, file: candidate, built: false };
  }
  const lock = takeBuildLock(file, () => tryView(file, source, settings));
  if ('graph' in lock) return { graph: lock.graph, file, built: false };
  try {
    return buildAndView(source, settings, file);
  } finally {
    lock.release();
  }
}

function buildAndView(source: AnnSource, settings: AnnSettings, file: string): OpenedAnn {
  const built = buildHnsw(source.vectorBatches(), source.dims, settings);
  let saved = file;
  try {
    saveAtomically(built.save, file);
  } catch (err) {
    saved = fallbackPath(file);
    process.stderr.write(
      `cannot save the ANN graph beside ${source.indexFile} (${(err as Error).message}): saved at ${saved}\n`,
    );
    fs.mkdirSync(path.dirname(saved), { recursive: true });
    saveAtomically(built.save, saved);
  }
  if (saved === file) removeStale(source.indexFile, settings, file);
  return { graph: viewHnsw(saved, source.dims, settings, settings.efSearch), file: saved, built: true };
}

/** How often a thread waiting for another's build looks for its graph. */
const WAIT_MS = 250;

/**
 * The right to build `file`'s graph, or the graph another thread or process built while this one
 * waited: a server's workers (and an experiment's processes) asking for the same graph at once
 * build it once. The lock is a file beside the graph holding its builder's pid; a lock whose
 * process is gone (killed mid-build) is taken over. Where no lock can be written (a read-only
 * folder), the build goes ahead unlocked.
 */
function takeBuildLock(
  file: string,
  found: () => HnswSearch | undefined,
): { release: () => void } | { graph: HnswSearch } {
  const lock = `${file}.building`;
  for (;;) {
    let fd: number;
    try {
      fd = fs.openSync(lock, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return { release: () => {} };
      if (!builderAlive(lock)) {
        fs.rmSync(lock, { force: true });
        continue;
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, WAIT_MS);
      const graph = found();
      if (graph) return { graph };
      continue;
    }
    fs.writeSync(fd, String(process.pid));
    fs.closeSync(fd);
    // Built by another between this thread's first look and its lock.
    const graph = found();
    const release = () => fs.rmSync(lock, { force: true });
    if (graph) {
      release();
      return { graph };
    }
    return { release };
  }
}

/** Whether the process that wrote the lock still runs (a lock still empty is being written, unless it is old). */
function builderAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(lock, 'utf8'));
    if (!Number.isInteger(pid) || pid <= 0) return Date.now() - fs.statSync(lock).mtimeMs < 10_000;
  } catch {
    // Gone meanwhile: the next attempt takes it.
    return true;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The graph at `file` when it is whole and of this index's shape; undefined to build it anew. */
function tryView(file: string, source: AnnSource, settings: AnnSettings): HnswSearch | undefined {
  if (!fs.existsSync(file)) return undefined;
  try {
    const graph = viewHnsw(file, source.dims, settings, settings.efSearch);
    if (graph.size === source.rows) return graph;
  } catch {
    // A damaged or foreign file is rebuilt below, as a missing one is.
  }
  return undefined;
}

function saveAtomically(save: (file: string) => void, file: string): void {
  const tmp = `${file}.tmp-${process.pid}-${threadId}`;
  try {
    save(tmp);
    fs.renameSync(tmp, file);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/** Graphs of the same parameters for other vectors of this index file: never read again. */
function removeStale(indexFile: string, params: HnswBuildParams, keep: string): void {
  const dir = path.dirname(indexFile);
  const prefix = PREFIX(indexFile, params);
  for (const name of fs.readdirSync(dir)) {
    // Only a key after the prefix: a float32 graph's prefix is also the start of a float16 one's.
    const key = name.startsWith(prefix) && name.endsWith(SUFFIX) ? name.slice(prefix.length, -SUFFIX.length) : '';
    if (!/^[0-9a-f]+$/.test(key) || path.join(dir, name) === keep) continue;
    try {
      fs.rmSync(path.join(dir, name), { force: true });
    } catch {
      // Left for the next build to delete: it is never read (its key is not this index's).
    }
  }
}

/** Where a graph goes when the index's folder is read-only: named by the index's full path too. */
function fallbackPath(file: string): string {
  const dirKey = createHash('sha256')
    .update(path.dirname(path.resolve(file)))
    .digest('hex')
    .slice(0, 16);
  return path.join(os.tmpdir(), 'testbed-ann', dirKey, path.basename(file));
}
