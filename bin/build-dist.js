#!/usr/bin/env node
// Compiles src/ to dist/ once, so `testbed` starts as plain JavaScript: no TypeScript loader at
// run time. Run by `npm install` / `npm ci` (the prepare script), `npm pack` (prepack) and
// `npm run build`; bin/testbed.js also runs it when a source file is newer than the last build,
// so editing src/ and running `testbed` never runs stale code.
//
// Each file is transpiled on its own (no bundling): the import paths in src/ already name the
// .js files this writes, and the few files read at run time beside their module (the worker
// script, the pages' stylesheet and script, package.json one level up) keep their places.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SRC = path.join(root, 'src');
export const DIST = path.join(root, 'dist');
/** Written last: its presence means the build finished; its mtime is the build's. */
export const STAMP = path.join(DIST, '.built');

/** Every file under dir, as paths relative to it. */
export function listFiles(dir, prefix = '') {
  return fs.readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(prefix, e.name);
    return e.isDirectory() ? listFiles(dir, rel) : [rel];
  });
}

const isSource = (f) =>
  /\.(ts|tsx)$/.test(f) && !/\.d\.m?ts$/.test(f) && !f.startsWith(path.join('web', 'assets') + path.sep);

const LOCK = `${DIST}.lock`;
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Rebuilds dist/ if it is stale, one process at a time: several `testbed` processes started
 * together after an edit (a test run spawning servers) must not swap dist/ under each other.
 * The first takes the lock and builds; the others wait for it and then find dist/ fresh. A lock
 * left by a killed build is taken over after a minute.
 */
export async function ensureDist() {
  while (distIsStale()) {
    let fd;
    try {
      fd = fs.openSync(LOCK, 'wx');
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const age = Date.now() - (fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 60_000) fs.rmSync(LOCK, { force: true });
      sleep(50);
      continue;
    }
    try {
      if (distIsStale()) {
        process.stderr.write('testbed: src/ changed since the last build; compiling dist/ ...\n');
        await buildDist();
      }
    } finally {
      fs.closeSync(fd);
      fs.rmSync(LOCK, { force: true });
    }
  }
}

export async function buildDist() {
  const { build } = await import('esbuild');
  const files = listFiles(SRC);
  // Built into a fresh folder beside dist/ and swapped in, so a failed build leaves the last good one.
  const tmp = `${DIST}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  await build({
    entryPoints: files.filter(isSource).map((f) => path.join(SRC, f)),
    outdir: tmp,
    outbase: SRC,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    jsxImportSource: 'hono/jsx',
    logLevel: 'error',
  });
  // Plain JavaScript modules and the files read at run time (web/assets: served as they are, or
  // transpiled for the browser when first asked for) are copied.
  for (const f of files.filter((f) => !isSource(f) && !/\.d\.m?ts$/.test(f))) {
    fs.mkdirSync(path.dirname(path.join(tmp, f)), { recursive: true });
    fs.copyFileSync(path.join(SRC, f), path.join(tmp, f));
  }
  fs.writeFileSync(path.join(tmp, '.built'), new Date().toISOString() + '\n');
  fs.rmSync(DIST, { recursive: true, force: true });
  fs.renameSync(tmp, DIST);
}

/** Whether dist/ is missing, unfinished, or older than any file of src/. */
export function distIsStale() {
  let built;
  try {
    built = fs.statSync(STAMP).mtimeMs;
  } catch {
    return true;
  }
  return listFiles(SRC).some((f) => fs.statSync(path.join(SRC, f)).mtimeMs > built);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const t0 = performance.now();
  await buildDist();
  console.error(`built dist/ from src/ in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
