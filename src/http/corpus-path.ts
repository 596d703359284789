import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors.js';
import { insideRoot, type PathKind } from '../corpus/inside-root.js';

/**
 * A corpus, queries or qrels path sent over HTTP, read the way the CLI reads it when run in the
 * server's working folder (`corpora/demo`, as the README and the shipped configs write it), and
 * otherwise relative to the corpora root (`demo`). Either way it must end up inside the root.
 */
export function corpusPathInRoot(
  corporaRoot: string,
  relative: string,
  what: PathKind,
  workingDir = process.cwd(),
): string {
  const root = path.resolve(workingDir, corporaRoot);
  const fromRoot = asCorporaRelative(relative, root, workingDir);
  const target = path.resolve(root, fromRoot);
  // The root as given or as its real path: an absolute path may spell it either way.
  if (!isInside(target, root) && !(fs.existsSync(root) && isInside(target, fs.realpathSync(root)))) {
    const prefix = path.relative(workingDir, root);
    const fromWorking =
      prefix && !prefix.startsWith('..') && !path.isAbsolute(prefix)
        ? ` or "${path.join(prefix, 'NAME')}" (from the server's folder)`
        : '';
    throw new InputError(
      `${what.field} path ${JSON.stringify(relative)} is outside the ${what.root}: write "NAME" (relative to the ${what.root})${fromWorking}`,
    );
  }
  return insideRoot(root, fromRoot, what); // also refuses symbolic links that lead out
}

/** `relative` as a path from the corpora root: via the working folder when it exists that way and lies inside the root. */
function asCorporaRelative(relative: string, root: string, workingDir: string): string {
  if (path.isAbsolute(relative)) return relative; // refused below unless it lies inside the root
  const fromWorking = path.resolve(workingDir, relative);
  return isInside(fromWorking, root) && fs.existsSync(fromWorking) ? path.relative(root, fromWorking) : relative;
}

function isInside(p: string, root: string): boolean {
  return p === root || p.startsWith(root + path.sep);
}
