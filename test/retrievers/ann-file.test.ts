import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { annFilePath, openAnnGraph, type AnnSource } from '../../src/retrievers/ann-file.js';
import { buildHnsw } from '../../src/retrievers/hnsw-file.js';
import { createRng } from '../../src/stats/prng.js';
import { runChild } from '../helpers/run-child.js';
import { tmpDir } from '../helpers/tmp.js';

/**
 * The graph file beside an index: built once, reused while the index's vectors are the same,
 * never read for other vectors. The source stands for an index file whose vectors' key is given
 * (store/vectors-key.ts makes it from the index; test/store/vectors-key.test.ts tests that).
 */
const DIMS = 8;
const ROWS = 300;
const SETTINGS = { connectivity: 8, efConstruction: 32, efSearch: 16, quantization: 'f32' } as const;

function unitRows(n: number, seed: number): Float32Array {
  const rng = createRng(seed);
  const m = new Float32Array(n * DIMS);
  for (let r = 0; r < n; r++) {
    let norm = 0;
    for (let j = 0; j < DIMS; j++) norm += (m[r * DIMS + j] = rng() - 0.5) ** 2;
    for (let j = 0; j < DIMS; j++) m[r * DIMS + j]! /= Math.sqrt(norm);
  }
  return m;
}

function source(dir: string, vectorsKey: string, rows = ROWS): AnnSource & { reads: number } {
  const s = {
    indexFile: path.join(dir, 'index.sqlite'),
    vectorsKey,
    rows,
    dims: DIMS,
    reads: 0,
    vectorBatches: () => {
      s.reads++;
      return [unitRows(rows, 7)];
    },
  };
  return s;
}

const graphs = (dir: string) => fs.readdirSync(dir).filter((n) => n.endsWith('.usearch'));

describe('the ANN graph file', () => {
  it('is built beside the index on first use, named by its vectors and parameters, then reused without reading a vector', () => {
    const dir = tmpDir('ann-file-');
    const first = source(dir, 'aaaa000011112222');
    const opened = openAnnGraph(first, SETTINGS);
    expect(opened.built).toBe(true);
    expect(first.reads).toBe(1);
    expect(opened.file).toBe(path.join(dir, 'index.sqlite.hnsw-m8-efc32-aaaa000011112222.usearch'));
    expect(opened.graph.size).toBe(ROWS);
    expect(graphs(dir)).toEqual([path.basename(opened.file)]);

    const again = source(dir, 'aaaa000011112222');
    const reopened = openAnnGraph(again, { ...SETTINGS, efSearch: 64 });
    expect(reopened).toMatchObject({ built: false, file: opened.file });
    expect(again.reads).toBe(0);
    // Both views search the same graph: row 5's own vector finds row 5 first.
    const q = unitRows(ROWS, 7).subarray(5 * DIMS, 6 * DIMS);
    expect(reopened.graph.search(q, 1).rows[0]).toBe(5);
  });

  it('is built anew for another build of the index (another vectors key), and the stale graph is deleted', () => {
    const dir = tmpDir('ann-file-');
    const old = openAnnGraph(source(dir, 'aaaa000011112222'), SETTINGS);
    const rebuilt = source(dir, 'bbbb000011112222');
    const fresh = openAnnGraph(rebuilt, SETTINGS);
    expect(fresh.built).toBe(true);
    expect(rebuilt.reads).toBe(1);
    expect(fresh.file).not.toBe(old.file);
    expect(graphs(dir)).toEqual([path.basename(fresh.file)]);
  });

  it('keeps the graphs of other parameters: each is its own file', () => {
    const dir = tmpDir('ann-file-');
    openAnnGraph(source(dir, 'aaaa000011112222'), SETTINGS);
    openAnnGraph(source(dir, 'aaaa000011112222'), { ...SETTINGS, connectivity: 12 });
    expect(graphs(dir).sort()).toEqual([
      'index.sqlite.hnsw-m12-efc32-aaaa000011112222.usearch',
      'index.sqlite.hnsw-m8-efc32-aaaa000011112222.usearch',
    ]);
  });

  it('is rebuilt when the file under its name is damaged or holds another number of rows', () => {
    const dir = tmpDir('ann-file-');
    const key = 'cccc000011112222';
    const file = annFilePath(path.join(dir, 'index.sqlite'), SETTINGS, key);
    fs.writeFileSync(file, 'not a graph');
    const damaged = source(dir, key);
    expect(openAnnGraph(damaged, SETTINGS)).toMatchObject({ built: true, file });
    expect(damaged.reads).toBe(1);

    // A whole graph of the first 100 rows only, under the name of the 300-row one.
    buildHnsw([unitRows(100, 7)], DIMS, SETTINGS, 1).save(file);
    const short = source(dir, key);
    const opened = openAnnGraph(short, SETTINGS);
    expect(opened).toMatchObject({ built: true, file });
    expect(opened.graph.size).toBe(ROWS);
  });

  it('is not built for an index without vectors: nothing to find', () => {
    const dir = tmpDir('ann-file-');
    const empty = source(dir, 'dddd000011112222', 0);
    const opened = openAnnGraph(empty, SETTINGS);
    expect(opened.graph.search(new Float32Array(DIMS), 10).rows).toHaveLength(0);
    expect(empty.reads).toBe(0);
    expect(graphs(dir)).toEqual([]);
  });
});

describe('building the ANN graph', () => {
  it('takes over the lock of a builder that is gone, builds, and leaves no lock behind', () => {
    const dir = tmpDir('ann-lock-');
    const key = 'eeee000011112222';
    const file = annFilePath(path.join(dir, 'index.sqlite'), SETTINGS, key);
    // No process has pid 2^31 - 1 (Linux pids stop at 2^22): a builder killed mid-build.
    fs.writeFileSync(`${file}.building`, String(2 ** 31 - 1));
    const s = source(dir, key);
    expect(openAnnGraph(s, SETTINGS)).toMatchObject({ built: true, file });
    expect(s.reads).toBe(1);
    expect(fs.existsSync(`${file}.building`)).toBe(false);
  });

  it('waits for a live builder and takes the graph it saves instead of building its own', async () => {
    const dir = tmpDir('ann-lock-');
    const key = 'ffff000011112222';
    const file = annFilePath(path.join(dir, 'index.sqlite'), SETTINGS, key);
    // This process holds the lock, as another worker thread of it would while it builds; a child
    // process saves the graph 300 ms later (the waiting thread blocks, so the saver is a process).
    fs.writeFileSync(`${file}.building`, String(process.pid));
    const rows = path.join(dir, 'rows.bin');
    fs.writeFileSync(rows, unitRows(ROWS, 7));
    // The saver lets go of the lock however it ends: a failed saver makes this thread build its
    // own graph (and the test fail on built), never wait for ever.
    const saver = `
      const fs = require('node:fs');
      const { Index } = require(${JSON.stringify(createRequire(import.meta.url).resolve('usearch'))});
      setTimeout(() => {
        try {
          const i = new Index({ dimensions: ${DIMS}, metric: 'ip', quantization: 'f32', connectivity: 8, expansion_add: 32, expansion_search: 16, multi: false });
          const m = new Float32Array(fs.readFileSync(${JSON.stringify(rows)}).buffer.slice(0));
          const keys = new BigUint64Array(${ROWS});
          for (let r = 0; r < ${ROWS}; r++) keys[r] = BigInt(r);
          i.add(keys, m, 1);
          i.save(${JSON.stringify(`${file}.tmp-saver`)});
          fs.renameSync(${JSON.stringify(`${file}.tmp-saver`)}, ${JSON.stringify(file)});
        } finally {
          fs.rmSync(${JSON.stringify(`${file}.building`)});
        }
      }, 300);`;
    const done = runChild(process.execPath, ['-e', saver]);
    const s = source(dir, key);
    const opened = openAnnGraph(s, SETTINGS);
    expect(opened).toMatchObject({ built: false, file });
    expect(s.reads).toBe(0);
    expect(opened.graph.size).toBe(ROWS);
    expect((await done).status).toBe(0);
  });
});
