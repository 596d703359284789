import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { UnavailableError } from '../../errors.js';
import type { DatasetSource } from './dataset-source.js';
import { fetchToFile, type FetchOptions } from './fetch-to-file.js';
import { formatBytes } from './format-bytes.js';
import { md5File } from './md5-file.js';

/** Where downloads wait, inside the corpora folder so they share its disk (and its rename). */
export const DOWNLOADS_FOLDER = '.downloads';

/** The in-progress and the verified download of one dataset. */
export function downloadFiles(corporaDir: string, name: string): { part: string; zip: string } {
  const zip = join(corporaDir, DOWNLOADS_FOLDER, `${name}.zip`);
  return { zip, part: `${zip}.part` };
}

export interface VerifiedZip {
  path: string;
  bytes: number;
  md5: string;
  /** Bytes already on disk from an earlier run. */
  resumedFrom: number;
}

/**
 * Makes sure `zip` holds the dataset's archive with the expected md5: reuses a zip left by an
 * earlier run whose unzip failed, else downloads (resuming `part`), checks, and only then renames
 * `part` to `zip`. A checksum mismatch deletes the file, since resuming a wrong file cannot fix
 * it, and the error names both checksums.
 */
export async function fetchVerified(
  source: DatasetSource,
  files: { part: string; zip: string },
  opts: FetchOptions,
): Promise<VerifiedZip> {
  let resumedFrom = 0;
  let path = files.zip;
  if (await isFile(files.zip)) {
    opts.onNotice?.(`using the earlier download ${files.zip}`);
  } else {
    const have = await sizeOf(files.part);
    if (have > 0) opts.onNotice?.(`resuming ${files.part} from ${formatBytes(have)}`);
    resumedFrom = (await fetchToFile(source.url, files.part, opts)).resumedFrom;
    path = files.part;
  }
  const md5 = await md5File(path);
  if (source.md5 !== undefined && md5 !== source.md5) {
    await rm(path, { force: true });
    throw new UnavailableError(
      `${source.url}: checksum mismatch: expected md5 ${source.md5}, got ${md5}; ` +
        `deleted the bad file ${path}, so running again downloads it afresh`,
    );
  }
  if (path === files.part) await rename(files.part, files.zip);
  return { path: files.zip, bytes: await sizeOf(files.zip), md5, resumedFrom };
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}
