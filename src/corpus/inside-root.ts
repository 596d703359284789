import fs from 'node:fs';
import path from 'node:path';
import { InputError, NotFoundError } from '../errors.js';

export interface PathKind {
  /** The request field the path came from (corpus, qrels, config, ...). */
  field: string;
  /** How the root is named in messages ("corpora root"). */
  root: string;
  /** Require a regular file (a folder is refused), or a folder. Default: either. */
  kind?: 'file' | 'dir';
}

/**
 * Resolves a client-supplied path inside a served root, refusing anything that escapes it:
 * `../`, absolute paths, and symbolic links that lead out. Missing roots and targets are 404s.
 */
export function insideRoot(
  root: string,
  relative: string,
  what: PathKind = { field: 'corpus', root: 'corpora root' },
): string {
  if (!fs.existsSync(root)) throw new NotFoundError(`the ${what.root} (${root}) does not exist on the server`);
  const base = fs.realpathSync(root);
  const quoted = JSON.stringify(relative);
  const inside = (p: string) => p === base || p.startsWith(base + path.sep);
  const target = path.resolve(base, relative);
  if (!inside(target)) throw new InputError(`${what.field} path ${quoted} is outside the ${what.root}`);
  if (!fs.existsSync(target)) throw new NotFoundError(`${what.field} ${quoted} not found under the ${what.root}`);
  const real = fs.realpathSync(target);
  if (!inside(real)) throw new InputError(`${what.field} path ${quoted} leads outside the ${what.root}`);
  const stat = fs.statSync(real);
  if (what.kind === 'file' && !stat.isFile()) throw new InputError(`${what.field} ${quoted} is not a file`);
  if (what.kind === 'dir' && !stat.isDirectory()) throw new InputError(`${what.field} ${quoted} is not a folder`);
  return real;
}
