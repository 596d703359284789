import { formatJsonPath, getPath, type JsonPath } from '../../remote/json-path.js';
import { RemoteError, type RemoteCaller } from '../../remote/remote-error.js';
import type { RawRemoteHit } from './remote-hits.js';

/** Where a remote answer keeps its hits and, inside one hit, each field (parsed with parseJsonPath). */
export interface HitPaths {
  hits: JsonPath;
  id: JsonPath;
  chunkId?: JsonPath;
  score: JsonPath;
}

/**
 * Reads the hit list out of a remote engine's JSON answer by the configured paths. Anything that
 * is not there or not of its kind is a RemoteError naming the path, the hit and what was found,
 * so a misconfigured path or a changed API reads as such and never as a query with no results.
 * Ids may be strings or integers (an API keyed by numbers); scores must be finite numbers.
 */
export function readRemoteHits(
  body: unknown,
  paths: HitPaths,
  caller: RemoteCaller,
  endpoint: string,
  status?: number,
): RawRemoteHit[] {
  const fail = (problem: string) => new RemoteError(caller, endpoint, problem, status);
  const list = getPath(body, paths.hits);
  if (!Array.isArray(list)) {
    throw fail(
      list === undefined
        ? `the answer has no ${formatJsonPath(paths.hits)} (the hits path)`
        : `${formatJsonPath(paths.hits)} (the hits path) is ${kindOf(list)}, not a list`,
    );
  }
  return list.map((hit, i) => {
    const at = (path: JsonPath) => {
      const inside = path.length === 0 ? '' : formatJsonPath(path);
      return `${formatJsonPath([...paths.hits, i])}${inside === '' || inside.startsWith('[') ? '' : '.'}${inside}`;
    };
    const docId = idAt(hit, paths.id);
    if (docId === undefined)
      throw fail(`${at(paths.id)} (the id path) is ${kindOf(getPath(hit, paths.id))}, not a string id`);
    const score = getPath(hit, paths.score);
    if (typeof score !== 'number' || !Number.isFinite(score))
      throw fail(`${at(paths.score)} (the score path) is ${kindOf(score)}, not a finite number`);
    if (!paths.chunkId) return { docId, score };
    const chunkId = idAt(hit, paths.chunkId);
    if (chunkId === undefined)
      throw fail(`${at(paths.chunkId)} (the chunk_id path) is ${kindOf(getPath(hit, paths.chunkId))}, not a string id`);
    return { docId, chunkId, score };
  });
}

function idAt(hit: unknown, path: JsonPath): string | undefined {
  const v = getPath(hit, path);
  if (typeof v === 'string' && v !== '') return v;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  return undefined;
}

function kindOf(v: unknown): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  return `${typeof v} ${String(v)}`;
}
