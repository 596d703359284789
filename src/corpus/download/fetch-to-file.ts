import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { NotFoundError, TestbedError, UnavailableError } from '../../errors.js';
import { VERSION } from '../../version.js';
import { formatBytes } from './format-bytes.js';
import { httpGet } from './http-get.js';
import { describeNetworkError } from './network-errors.js';
import { redactUrl } from '../../remote/redact-url.js';

/** Bytes on disk so far; `resumedFrom` is what was already there when this run started. */
export interface FetchProgress {
  done: number;
  total: number | undefined;
  resumedFrom: number;
}

export interface FetchOptions {
  /** Idle timeout: give up when the server sends nothing for this long. */
  timeoutMs: number;
  onProgress?: (p: FetchProgress) => void;
  onNotice?: (message: string) => void;
  /** Appended to the error when the address cannot be reached at all: what to do instead. */
  unreachableHint?: string;
}

export interface FetchResult {
  bytes: number;
  resumedFrom: number;
}

/**
 * Downloads `url` into `part`, resuming: when `part` already holds N bytes it asks for
 * `Range: bytes=N-` and appends. A server that ignores the range (answers 200) or returns a range
 * starting elsewhere makes the download start over; a 416 whose total equals N means `part` was
 * already complete. Every received chunk is written before the next is read, so after an
 * interruption `part` holds exactly what arrived and the next run continues from there.
 */
export async function fetchToFile(url: string, part: string, opts: FetchOptions): Promise<FetchResult> {
  const have = await sizeOf(part);
  const headers: Record<string, string> = { 'user-agent': `retrieval-testbed/${VERSION}` };
  if (have > 0) headers.range = `bytes=${have}-`;
  let res: IncomingMessage;
  try {
    res = await httpGet(new URL(url), headers, opts.timeoutMs);
  } catch (err) {
    if (err instanceof TestbedError) throw err;
    throw new UnavailableError(
      `cannot reach ${redactUrl(url)} (${describeNetworkError(err)}).${opts.unreachableHint ? ' ' + opts.unreachableHint : ''}`,
    );
  }
  const status = res.statusCode ?? 0;
  const startOver = async (why: string): Promise<FetchResult> => {
    res.resume();
    opts.onNotice?.(`${why}: starting the download over`);
    await rm(part, { force: true });
    return fetchToFile(url, part, opts);
  };

  let resumedFrom = 0;
  let total = contentLength(res);
  if (status === 416 && have > 0) {
    res.resume();
    if (contentRange(res)?.total === have) return { bytes: have, resumedFrom: have };
    return startOver(`the server cannot resume from byte ${have}`);
  } else if (status === 206) {
    const range = contentRange(res);
    if (range?.start !== have) {
      if (have === 0)
        throw new UnavailableError(
          `${redactUrl(url)}: the server sent a partial answer (${res.headers['content-range']}) to a plain request`,
        );
      return startOver(`the server answered the resume request with another range (${res.headers['content-range']})`);
    }
    resumedFrom = have;
    total = range.total ?? (total === undefined ? undefined : have + total);
  } else if (status === 200) {
    if (have > 0)
      opts.onNotice?.(`the server does not resume downloads (it answered 200 to a range request): starting over`);
  } else {
    res.resume();
    const answer = `${redactUrl(url)}: the server answered ${status} ${res.statusMessage ?? ''}`.trimEnd();
    throw status === 404 ? new NotFoundError(answer) : new UnavailableError(answer);
  }

  let done = resumedFrom;
  const interrupted = (why: string) =>
    new UnavailableError(
      `download of ${redactUrl(url)} stopped after ${formatBytes(done)} (${why}); what arrived is kept in ${part}: ` +
        `run the same command again to resume`,
    );
  // Created only now, so a run that never reached the server leaves nothing behind. Sync on
  // purpose: an await here would let a dropped connection fire its events before saveBody listens.
  mkdirSync(dirname(part), { recursive: true });
  const fd = openSync(part, resumedFrom > 0 ? 'a' : 'w');
  try {
    opts.onProgress?.({ done, total, resumedFrom });
    await saveBody(res, fd, (n) => {
      done += n;
      opts.onProgress?.({ done, total, resumedFrom });
    }).catch((err: unknown) => {
      throw (err as { disk?: boolean }).disk ? err : interrupted(describeNetworkError(err));
    });
  } finally {
    closeSync(fd);
  }
  if (total !== undefined && done < total) throw interrupted(`the connection closed at byte ${done} of ${total}`);
  return { bytes: done, resumedFrom };
}

/**
 * Writes the body to `fd` chunk by chunk as it arrives. Synchronous writes in flowing mode on
 * purpose: when the connection drops, Node discards whatever the stream still buffers, so a
 * chunk must be on disk the moment it is emitted for the .part to hold everything that arrived.
 * Rejects when the body ends early; a failed disk write rejects with `disk: true` set.
 */
function saveBody(res: IncomingMessage, fd: number, onBytes: (n: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    // Callers attach with no await after the head arrived; this guards against a future one.
    if (res.destroyed) return res.complete ? resolve() : reject(new Error('the connection closed early'));
    res.on('data', (chunk: Buffer) => {
      try {
        for (let at = 0; at < chunk.length; ) at += writeSync(fd, chunk, at, chunk.length - at);
      } catch (err) {
        res.destroy(Object.assign(err as Error, { disk: true }));
        return;
      }
      onBytes(chunk.length);
    });
    res.on('error', reject);
    res.on('close', () => (res.complete ? resolve() : reject(new Error('the connection closed early'))));
  });
}

function contentLength(res: IncomingMessage): number | undefined {
  const n = Number(res.headers['content-length']);
  return res.headers['content-length'] !== undefined && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

// "bytes 100-199/1234", "bytes 100-199/*" or (on 416) "bytes */1234".
function contentRange(res: IncomingMessage): { start: number | undefined; total: number | undefined } | undefined {
  const m = /^bytes (?:(\d+)-\d+|\*)\/(\d+|\*)$/.exec(res.headers['content-range']?.trim() ?? '');
  if (!m) return undefined;
  return {
    start: m[1] === undefined ? undefined : Number(m[1]),
    total: m[2] === '*' || m[2] === undefined ? undefined : Number(m[2]),
  };
}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}
