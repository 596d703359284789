/**
 * Child process for the kill tests: builds one index with buildIndex and prints every progress
 * event as a line `progress PHASE DONE TOTAL MS` on stdout (and `done MS` at the end), so the
 * parent can SIGKILL it at a chosen moment of the build.
 *
 * With PAUSE_BEFORE_RENAME=1 the child stops, for at most 30 s, at the very last step of a build
 * (the temp file is complete and fsynced, the rename over OUT not yet done) and prints
 * `before-rename TMP`: the one instant a timed kill cannot hit on purpose.
 *
 * Arguments: CORPUS OUT CACHE CHUNKER [EMBEDDER].
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildIndex } from '../../../src/indexing/build-index.js';

const [corpus, out, cacheFile, chunker, embedder = 'hash:64'] = process.argv.slice(2);
if (!corpus || !out || !cacheFile || !chunker) {
  process.stderr.write('usage: build-child.ts CORPUS OUT CACHE CHUNKER [EMBEDDER]\n');
  process.exit(2);
}

if (process.env.PAUSE_BEFORE_RENAME === '1') {
  // atomic-build.ts calls fs.renameSync through the shared `fs` module object.
  const rename = fs.renameSync;
  fs.renameSync = (from: fs.PathLike, to: fs.PathLike) => {
    if (path.resolve(String(to)) === path.resolve(out)) {
      process.stdout.write(`before-rename ${String(from)}\n`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30_000);
    }
    rename(from, to);
  };
}

const ms = () => Math.round(performance.now());
process.stdout.write(`pid ${process.pid}\n`);
await buildIndex({
  corpus,
  out,
  cacheFile,
  chunker,
  embedder,
  onProgress: (p) => process.stdout.write(`progress ${p.phase} ${p.done} ${p.total ?? '-'} ${ms()}\n`),
});
process.stdout.write(`done ${ms()}\n`);
