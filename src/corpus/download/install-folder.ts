import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { ConflictError } from '../../errors.js';
import { pathExists } from '../path-exists.js';

/**
 * Moves the finished folder `from` to `target` with rename, so readers see either nothing or the
 * whole dataset. `from` and `scratch` must sit on the same file system as `target` (they are
 * created beside it). With `replace`, an existing target is first moved into `scratch` (which the
 * caller deletes), and put back if the second rename fails.
 */
export async function installFolder(from: string, target: string, replace: boolean, scratch: string): Promise<void> {
  if (replace && (await pathExists(target))) {
    const old = join(scratch, 'replaced');
    await rename(target, old);
    try {
      await rename(from, target);
    } catch (err) {
      await rename(old, target);
      throw err;
    }
    return;
  }
  // rename(2) silently replaces an empty directory, so check first; a non-empty one fails anyway.
  if (await pathExists(target))
    throw new ConflictError(`${target} appeared while downloading; left it alone (use --force to replace it)`);
  try {
    await rename(from, target);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST')
      throw new ConflictError(`${target} appeared while downloading; left it alone`);
    throw err;
  }
}
