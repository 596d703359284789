import fs from 'node:fs';

/**
 * Identity of an index file (inode, modification time, size), null when there is none. A rebuild
 * renames a new file into place, so a changed stamp means another index: what was read or opened
 * from the old one (its metadata, a searcher) is stale.
 */
export function fileStamp(file: string): string | null {
  try {
    const s = fs.statSync(file);
    return `${s.ino}:${s.mtimeMs}:${s.size}`;
  } catch {
    return null;
  }
}
