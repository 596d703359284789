import path from 'node:path';
import { NotFoundError } from '../../errors.js';
import { cachedIndexPath, INDEX_CACHE_FOLDER } from '../../experiments/index-cache.js';
import type { ConfigResult } from '../../reports/report-model.js';
import type { IndexRegistry } from '../../serving/catalog/index-registry.js';
import { fileStamp } from '../../serving/catalog/file-stamp.js';
import { indexFingerprint, type IndexFingerprint } from '../../store/index-fingerprint.js';
import type { IndexMeta } from '../../store/index-meta.js';
import { IndexReader } from '../../store/index-reader.js';
import { findReport, type JobsView } from './report-source.js';

/**
 * Where a report's links to one configuration's misses go: a served index with the fingerprint
 * that configuration measured (`served`), else the experiment's own cached index, served
 * read-only under a measured-index name (`cached`), else nowhere, and the page says why
 * (`unavailable`). Never an index with another fingerprint: its ranks are not the report's.
 */
export type MeasuredIndex = { kind: 'served' | 'cached'; index: string } | { kind: 'unavailable'; reason: string };

/** What finding a report's cached index needs: the reports this server knows, and its cache dir. */
export interface MeasuredSources {
  jobs: JobsView;
  resultsRoot: string;
  /** The cache the server's experiments build their indexes in (`<cacheDir>/indexes/<key>.sqlite`). */
  cacheDir: string;
}

/**
 * `exp:<report id>:<cache key>`: the name the playground searches a report's cached index by.
 * A data folder's index names cannot hold a colon (schemas/index-names.ts), so none is taken.
 */
const MEASURED_NAME = /^exp:([A-Za-z0-9][A-Za-z0-9_.-]*):([0-9a-f]{16})$/;
/** A report's `cacheFile` as the cache writes it: `indexes/<16 hex digits>.sqlite`, nothing else. */
const CACHE_FILE = new RegExp(`^${INDEX_CACHE_FOLDER}/([0-9a-f]{16})\\.sqlite$`);

export function isMeasuredIndexName(name: string): boolean {
  return MEASURED_NAME.test(name);
}

/**
 * The file and meta of a measured-index name, opened only when the report it names (a job of
 * this server or a report under the results root) records that cache key for one of its
 * configurations, and the file still has the fingerprint recorded. The path is built from the
 * key, never read from the report or the request, so no other file can be named.
 */
export function resolveMeasuredIndex(sources: MeasuredSources, name: string): { file: string; meta: IndexMeta } {
  const [, reportId, key] = MEASURED_NAME.exec(name) ?? [];
  if (!reportId || !key) throw new NotFoundError(`no index named "${name}"`);
  const report = findReport(sources.jobs, sources.resultsRoot, reportId)?.report;
  const config = report?.configs.find((c) => c.index.cacheFile === cachedIndexPath(key));
  if (!config?.index.fingerprint)
    throw new NotFoundError(`no index named "${name}": no report "${reportId}" measured an index ${key}`);
  const file = cacheFileOf(sources.cacheDir, key);
  const meta = cachedMeta(file);
  if (!meta || indexFingerprint(meta).hash !== config.index.fingerprint.hash)
    throw new NotFoundError(`no index named "${name}": ${unavailableReason(config, meta)}`);
  return { file, meta };
}

/** Where one configuration's miss links go (see MeasuredIndex). */
export function measuredIndexFor(
  reportId: string,
  config: ConfigResult,
  registry: IndexRegistry,
  cacheDir: string,
): MeasuredIndex {
  const want = config.index.fingerprint;
  if (!want)
    return {
      kind: 'unavailable',
      reason: 'this report was saved before reports recorded which index each configuration measured',
    };
  const served = servedWith(registry, want.hash);
  if (served) return { kind: 'served', index: served };
  const key = CACHE_FILE.exec(config.index.cacheFile ?? '')?.[1];
  const meta = key ? cachedMeta(cacheFileOf(cacheDir, key)) : undefined;
  if (key && meta && indexFingerprint(meta).hash === want.hash)
    return { kind: 'cached', index: `exp:${reportId}:${key}` };
  return { kind: 'unavailable', reason: unavailableReason(config, meta) };
}

/** The first served index (by name) whose meta has this fingerprint. */
function servedWith(registry: IndexRegistry, hash: string): string | undefined {
  for (const name of registry.names()) {
    try {
      const status = registry.status(name);
      if (status?.status === 'ready' && indexFingerprint(status.meta).hash === hash) return name;
    } catch {
      // a file whose name is no index name is not a candidate
    }
  }
  return undefined;
}

function unavailableReason(config: ConfigResult, meta: IndexMeta | undefined): string {
  const fp = config.index.fingerprint as IndexFingerprint;
  const what = `chunker ${fp.chunker}, tokenizer ${fp.tokenizer}, embedder ${fp.embedder ?? 'none'}`;
  const where = config.index.cacheFile ?? 'its cached index';
  const cache = meta
    ? `the server's cache file ${where} now holds another index`
    : `${where} is no longer in the server's cache (deleted, or the experiment ran with another cache dir)`;
  return `${cache}, and no served index was built with the same corpus and settings (${what})`;
}

function cacheFileOf(cacheDir: string, key: string): string {
  return path.join(cacheDir, INDEX_CACHE_FOLDER, `${key}.sqlite`);
}

/** Metas of cached index files read, by file, with the stamp of the version each was read from. */
const metas = new Map<string, { stamp: string; meta: IndexMeta }>();

/** A cached index file's meta (read-only, once per file version); undefined when it is gone or unreadable. */
function cachedMeta(file: string): IndexMeta | undefined {
  const stamp = fileStamp(file);
  if (stamp === null) return undefined;
  const known = metas.get(file);
  if (known?.stamp === stamp) return known.meta;
  try {
    const reader = IndexReader.open(file);
    const meta = reader.meta;
    reader.close();
    metas.set(file, { stamp, meta });
    return meta;
  } catch {
    return undefined;
  }
}
