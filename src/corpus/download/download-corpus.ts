import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ConflictError, InputError } from '../../errors.js';
import { datasetRoot, missingBeirFiles } from './beir-layout.js';
import { datasetSource } from './dataset-source.js';
import { extractZip } from './extract-zip.js';
import type { FetchProgress } from './fetch-to-file.js';
import { downloadFiles, fetchVerified } from './fetch-verified.js';
import { installFolder } from './install-folder.js';
import { DEFAULT_SHARED_DIR, manualInstallHint } from './manual-hint.js';
import { pathExists } from '../path-exists.js';

export interface DownloadCorpusOptions {
  /** A registry name (see BEIR_DATASETS), or any folder-safe name together with `url`. */
  name: string;
  /** The corpora folder: the dataset lands in `<dir>/<name>`, downloads in `<dir>/.downloads`. */
  dir: string;
  /** Download from here instead of the registry address (a mirror, a local server). */
  url?: string;
  /** Expected md5 of the zip; defaults to the published one for registry names. */
  md5?: string;
  /** Replace `<dir>/<name>` when it already exists. */
  force?: boolean;
  /** Give up when the server sends nothing for this long (default 30 s). */
  timeoutMs?: number;
  /** Folder that may hold ready-made copies, named in the offline hint (default ../shared/corpora). */
  sharedDir?: string;
  onProgress?: (p: FetchProgress) => void;
  onNotice?: (message: string) => void;
}

export type DownloadCorpusResult =
  | { status: 'present'; path: string }
  | {
      status: 'downloaded';
      path: string;
      url: string;
      bytes: number;
      md5: string;
      /** False when no expected md5 was known, so `md5` was computed but not compared. */
      checked: boolean;
      resumedFrom: number;
      files: number;
    };

/**
 * `testbed corpus download`: fetches a BEIR zip (resuming an interrupted download), checks its
 * md5, unzips it into a scratch folder beside the target, checks the result is a BEIR folder,
 * then renames it into place, so `<dir>/<name>` is either absent or complete, never half there.
 * An existing complete target is left alone unless `force`. The zip is deleted once installed
 * and kept when unzipping fails, so a rerun does not fetch it again.
 */
export async function downloadCorpus(o: DownloadCorpusOptions): Promise<DownloadCorpusResult> {
  const source = datasetSource(o.name, o.url, o.md5);
  const dir = resolve(o.dir);
  const target = join(dir, source.name);
  if (!o.force && (await pathExists(target))) {
    const missing = await missingBeirFiles(target, source.layout);
    if (missing.length === 0) return { status: 'present', path: target };
    throw new ConflictError(
      `${target} exists but is not a complete BEIR folder (no ${missing.join(', ')}); left it alone: use --force to replace it`,
    );
  }
  const files = downloadFiles(dir, source.name);
  const sharedDir = o.sharedDir ?? DEFAULT_SHARED_DIR;
  const zip = await fetchVerified(source, files, {
    timeoutMs: o.timeoutMs ?? 30_000,
    onProgress: o.onProgress,
    onNotice: o.onNotice,
    unreachableHint: await manualInstallHint({
      name: source.name,
      url: source.url,
      md5: source.md5,
      target,
      sharedDir,
    }),
  });

  const scratch = await mkdtemp(join(dir, `.${source.name}.partial-`));
  let count: number;
  try {
    const unzipped = join(scratch, 'unzipped');
    await mkdir(unzipped);
    o.onNotice?.(`unzipping ${zip.path}`);
    count = await extractZip(zip.path, unzipped).catch((err: Error) => {
      throw err instanceof InputError
        ? new InputError(`${err.message} (the download is kept at ${zip.path}: delete it to fetch afresh)`)
        : err;
    });
    const root = await datasetRoot(unzipped);
    const missing = await missingBeirFiles(root, source.layout);
    if (missing.length > 0) {
      throw new InputError(
        `${source.url} is not a BEIR dataset: the archive has no ${missing.join(', ')} (the download is kept at ${zip.path}: delete it to fetch afresh)`,
      );
    }
    await installFolder(root, target, o.force ?? false, scratch);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  await rm(zip.path, { force: true });
  return {
    status: 'downloaded',
    path: target,
    url: source.url,
    bytes: zip.bytes,
    md5: zip.md5,
    checked: source.md5 !== undefined,
    resumedFrom: zip.resumedFrom,
    files: count,
  };
}
