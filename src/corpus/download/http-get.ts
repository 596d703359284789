import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { UnavailableError } from '../../errors.js';

const MAX_REDIRECTS = 5;
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/**
 * Starts a GET and resolves with the response head, following up to 5 redirects (mirrors and
 * http->https moves). `timeoutMs` is an idle timeout on the socket: it fires while connecting and
 * also later while the body streams, so a stalled download fails instead of hanging. Connection
 * failures reject with Node's own error (its `code` says DNS, refused, timed out...).
 */
export async function httpGet(url: URL, headers: Record<string, string>, timeoutMs: number): Promise<IncomingMessage> {
  let current = url;
  for (let hop = 0; ; hop++) {
    const res = await request(current, headers, timeoutMs);
    const location = res.headers.location;
    if (!REDIRECTS.has(res.statusCode ?? 0) || location === undefined) return res;
    res.resume();
    if (hop === MAX_REDIRECTS) throw new UnavailableError(`${url.href}: more than ${MAX_REDIRECTS} redirects`);
    current = new URL(location, current);
  }
}

function request(url: URL, headers: Record<string, string>, timeoutMs: number): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const get = url.protocol === 'https:' ? https.get : http.get;
    const req = get(url, { headers, timeout: timeoutMs }, resolve);
    req.on('timeout', () => {
      const err: NodeJS.ErrnoException = new Error(`no data for ${timeoutMs / 1000} s`);
      err.code = 'ETIMEDOUT';
      req.destroy(err);
    });
    // After the head arrived this still fires (reset, timeout): the body stream then errors too.
    req.on('error', reject);
  });
}
