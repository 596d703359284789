import fs from 'node:fs';
import path from 'node:path';
import { insideRoot } from '../../corpus/inside-root.js';
import { InputError } from '../../errors.js';
import { POOL_HEADER } from '../../runs/pool-file.js';

/** The served folders a pool file may come from. */
export interface PoolRoots {
  results: string;
  corpora: string;
}

export type PoolRootName = keyof PoolRoots;

/** A pool file the judging page offers, named `results:EXP/pool.tsv` or `corpora:DIR/pool.tsv`. */
export interface PoolRef {
  /** What `pool=` takes: the root's name, a colon, the path inside it with forward slashes. */
  value: string;
  root: PoolRootName;
  relative: string;
}

const MAX_DEPTH = 3;
const SKIP = new Set(['node_modules', '.git', '.cache', 'qrels']);
const HEADER = POOL_HEADER.join('\t');

/**
 * The pool files under the results and corpora roots (up to three folders down): every `.tsv`
 * whose first line is the pool header, so `testbed pool --out` anywhere there and an
 * experiment's `<results>/NAME/pool.tsv` are both found, and qrels or run files are not.
 */
export function findPoolFiles(roots: PoolRoots): PoolRef[] {
  const found: PoolRef[] = [];
  for (const root of ['results', 'corpora'] as const) {
    let base: string;
    try {
      base = fs.realpathSync(roots[root]);
    } catch {
      continue;
    }
    const visit = (dir: string, depth: number) => {
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        const full = path.join(dir, e.name);
        if (e.isFile() && e.name.endsWith('.tsv') && startsWithHeader(full)) {
          const relative = path.relative(base, full).split(path.sep).join('/');
          found.push({ value: `${root}:${relative}`, root, relative });
        } else if (e.isDirectory() && depth < MAX_DEPTH && !e.name.startsWith('.') && !SKIP.has(e.name)) {
          visit(full, depth + 1);
        }
      }
    };
    visit(base, 0);
  }
  return found;
}

/**
 * The absolute path of a `pool=` value, refused when it names no known root or leaves its root:
 * the page reads only files the server already serves.
 */
export function resolvePoolFile(roots: PoolRoots, value: string): string {
  const colon = value.indexOf(':');
  const root = value.slice(0, colon);
  if (colon < 0 || (root !== 'results' && root !== 'corpora'))
    throw new InputError(
      `pool must be results:PATH or corpora:PATH (a pool file inside the results or corpora root), got ${JSON.stringify(value)}`,
      { field: 'pool' },
    );
  return insideRoot(roots[root], value.slice(colon + 1), { field: 'pool', root: `${root} root`, kind: 'file' });
}

function startsWithHeader(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    const buffer = Buffer.alloc(HEADER.length + 2);
    const read = fs.readSync(fd, buffer, 0, buffer.length, 0);
    const first = buffer.subarray(0, read).toString('utf8').split(/\r?\n/)[0];
    return first === HEADER;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
