/** The default cap on one answer's body: far above any page of hits, far below what exhausts memory. */
export const DEFAULT_MAX_RESPONSE_MB = 32;

/** The highest cap a setting may ask for: V8 cannot hold a string much longer than 512 MB. */
export const MAX_RESPONSE_MB_LIMIT = 512;

/** Bytes in the `max_response_mb` unit (MiB, as memory is counted). */
export const BYTES_PER_MB = 1024 * 1024;

/** The body was longer than the cap: reading stopped at `read` bytes (or before the first, by its Content-Length). */
export class ResponseTooLarge extends Error {
  constructor(
    readonly maxBytes: number,
    readonly read: number,
    readonly declared?: number,
  ) {
    super(`the answer is larger than ${maxBytes} bytes`);
    this.name = 'ResponseTooLarge';
  }
}

/**
 * A response body as text, read chunk by chunk and abandoned as soon as it passes `maxBytes`:
 * an engine that answers 300 MB (a runaway `size`, a dump of `_source` vectors) would otherwise
 * be held whole in memory, and past V8's longest string it kills the process. A Content-Length
 * above the cap fails before anything is read. On failure the stream is cancelled, which makes
 * fetch close the connection instead of draining it.
 */
export async function readCapped(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => {});
    throw new ResponseTooLarge(maxBytes, 0, declared);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let read = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    if (read > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new ResponseTooLarge(maxBytes, read);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}
