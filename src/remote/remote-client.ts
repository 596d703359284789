import { currentAbortSignal, untilAborted } from './abort-scope.js';
import { authHint } from './auth-hint.js';
import { ConcurrencyLimit } from './concurrency.js';
import { originLimit } from './origin-limits.js';
import { BYTES_PER_MB, DEFAULT_MAX_RESPONSE_MB, readCapped, ResponseTooLarge } from './read-capped.js';
import { redactUrl, redactUrlsIn } from './redact-url.js';
import { RemoteError, type RemoteCaller } from './remote-error.js';
import { rememberSecret } from './known-secrets.js';
import { envVariablesIn, resolveHeaders } from './secrets.js';
import { isSafeHeader } from './shown-headers.js';
import { moveCredentials } from './url-credentials.js';
import { TestbedError } from '../errors.js';
import { sigV4Signer, type AwsSigV4, type RequestSigner } from './sigv4.js';
import {
  tlsDispatcher,
  tlsFailure,
  tlsOptionsOf,
  warnInsecure,
  type TlsAgent,
  type TlsOptions,
  type TlsSettings,
} from './tls.js';

/** How a remote endpoint is called: shared by remote legs, embedders, rerankers and push. */
export interface RemoteOptions {
  /** Sent with every request; values may hold `${env:NAME}` (secrets.ts). */
  headers?: Record<string, string>;
  /** Per attempt, ms. */
  timeoutMs?: number;
  /** Further attempts after a 429, a 5xx, a timeout or a refused connection. */
  retries?: number;
  /** First retry delay, ms; doubled each attempt (with jitter), or the server's Retry-After when it sends one. */
  backoffMs?: number;
  /** Requests in flight at once, per origin (origin-limits.ts). */
  concurrency?: number;
  /** The longest body read from one answer, bytes; a longer one is an error (read-capped.ts). */
  maxResponseBytes?: number;
  /**
   * What the error for a body over the cap advises, naming the setting that raises it for this
   * caller (default: fewer hits or the pipeline field `max_response_mb`).
   */
  tooLargeHint?: string;
  /** What a 401/403 says when no credentials were sent, for a caller that takes its key elsewhere (auth-hint.ts). */
  noCredentialsHint?: string;
  /** CA file, client certificate, or no verification (tls.ts). */
  tls?: TlsOptions;
  /** Signs each attempt's request just before it is sent (sigv4.ts): its headers are the ones sent. */
  sign?: RequestSigner;
}

/** A remote leg's call settings as a pipeline spells them (http, opensearch, elasticsearch, qdrant legs). */
export interface LegCallSettings extends TlsSettings {
  name?: string;
  headers?: Record<string, string>;
  timeout_ms?: number;
  retries?: number;
  concurrency?: number;
  max_response_mb?: number;
  /** OpenSearch legs: AWS SigV4 signing (sigv4.ts). */
  aws_sigv4?: AwsSigV4 | undefined;
}

/** The client options a remote leg's settings ask for; the rest are REMOTE_DEFAULTS. */
export function legClientOptions(leg: LegCallSettings): RemoteOptions {
  const what = `leg "${leg.name ?? 'remote'}"`;
  const tls = tlsOptionsOf(leg);
  return {
    ...(leg.headers && { headers: leg.headers }),
    ...(leg.timeout_ms !== undefined && { timeoutMs: leg.timeout_ms }),
    ...(leg.retries !== undefined && { retries: leg.retries }),
    ...(leg.concurrency !== undefined && { concurrency: leg.concurrency }),
    ...(leg.max_response_mb !== undefined && { maxResponseBytes: leg.max_response_mb * BYTES_PER_MB }),
    ...(tls && { tls: { ...tls, what } }),
    ...(leg.aws_sigv4 && { sign: sigV4Signer(leg.aws_sigv4, what) }),
  };
}

export const REMOTE_DEFAULTS = {
  timeoutMs: 30_000,
  retries: 2,
  backoffMs: 200,
  concurrency: 8,
  maxResponseBytes: DEFAULT_MAX_RESPONSE_MB * BYTES_PER_MB,
  tooLargeHint: 'ask for fewer or smaller hits, or raise max_response_mb',
} as const;

/**
 * Longest wait a Retry-After is obeyed for. A server asking for longer is not asked again early
 * (that is what it asked us not to do): the request stops there, saying how long it asked for.
 */
export const MAX_RETRY_AFTER_MS = 30_000;

/** Redirects followed for one request (fetch's own default is 20); the next one is an error. */
export const MAX_REDIRECTS = 5;

/** The redirect statuses; 301, 302 and 303 turn a POST into a GET without a body, as fetch does. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface RemoteRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** JSON-encoded when given. NDJSON bodies (bulk APIs) pass `raw`. */
  json?: unknown;
  raw?: { body: string; contentType: string };
  /** Who is asking, for errors. */
  caller: RemoteCaller;
}

export interface RemoteResponse {
  status: number;
  body: unknown;
  ms: number;
}

/**
 * fetch with what measuring a production engine needs: a timeout per attempt, retries with
 * exponential backoff on the failures that pass (429, 5xx, timeouts, refused connections;
 * never on other 4xx, which would fail again), a concurrency limit per origin, headers with secrets from the
 * environment, and errors that name the caller, the query, the endpoint and the status. Bodies
 * are JSON both ways; a body that does not parse is an error, not an empty result. A body is
 * read up to `maxResponseBytes` and no further.
 *
 * A URL's userinfo is sent as `Authorization: Basic` and never in the URL (url-credentials.ts);
 * every URL an error shows goes through redactUrl, and what a server echoes back has the
 * request's secrets (the values of `${env:}` headers, the URL's password) cut out. A 401/403
 * says where the credentials came from, or how to send some (auth-hint.ts).
 *
 * Redirects are followed by hand, up to MAX_REDIRECTS, and only to the origin the request was
 * sent to: that origin is the one a server's --allow-remote checked and the one the headers
 * (keys) were configured for. A redirect anywhere else is an error naming its Location, never
 * retried, and the other origin gets no request, so no header, body or key reaches it and
 * nothing it would answer comes back. A remote body or Location appears in an error only as a
 * short excerpt with control characters escaped.
 */
export class RemoteClient {
  readonly options: Required<Omit<RemoteOptions, 'headers' | 'noCredentialsHint' | 'tls' | 'sign'>> &
    Pick<RemoteOptions, 'tls' | 'sign'> & { headers: Record<string, string>; noCredentialsHint?: string };
  private readonly tls: TlsAgent | undefined;

  constructor(
    options: RemoteOptions = {},
    /** How the client waits between attempts; push's item-level retries wait the same way (tests pass one that returns at once). */
    readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {
    this.options = { ...REMOTE_DEFAULTS, headers: {}, ...stripUndefined(options) };
    // A bad limit is refused when the client is made, not at its first request.
    new ConcurrencyLimit(this.options.concurrency);
    this.tls = this.options.tls && tlsDispatcher(this.options.tls);
  }

  /**
   * One request, in one of the `concurrency` slots its origin shares with every client that
   * spells the same limit. Inside a query set (abort-scope.ts) its abort signal cancels the
   * request wherever it is (waiting for a slot, in flight, between retries), rejecting with the
   * signal's reason.
   */
  request(req: RemoteRequest): Promise<RemoteResponse> {
    const signal = currentAbortSignal();
    if (this.options.tls?.insecure) warnInsecure(req.caller.what);
    let limit: ConcurrencyLimit;
    try {
      limit = originLimit(req.url, this.options.concurrency);
    } catch {
      // Not a URL: the attempt fails with the caller's own message.
      return this.attempts(req, signal);
    }
    return limit.run(() => this.attempts(req, signal), signal);
  }

  private async attempts(req: RemoteRequest, signal: AbortSignal | undefined): Promise<RemoteResponse> {
    const endpoint = shownEndpoint(req.method, req.url);
    const moved = moveCredentials(req.url, this.options.headers, req.caller.what);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...resolveHeaders(this.options.headers, req.caller.what),
      ...(moved.authorization && { Authorization: moved.authorization }),
    };
    const secrets = requestSecrets(this.options.headers, moved);
    /** A remote text as an error may repeat it: the request's secrets cut out. */
    const scrub = (text: string) => secrets.reduce((t, secret) => t.split(secret).join('(secret)'), text);
    req = { ...req, url: moved.url };
    let body: string | undefined;
    if (req.raw) {
      body = req.raw.body;
      headers['Content-Type'] = req.raw.contentType;
    } else if (req.json !== undefined) {
      body = JSON.stringify(req.json);
      headers['Content-Type'] = 'application/json';
    }
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= this.options.retries;
      const t0 = performance.now();
      let res: Response;
      try {
        res = await this.fetchFollowing(req, endpoint, headers, body, signal);
      } catch (err) {
        if (err instanceof TestbedError || signal?.aborted) throw err;
        const tls = tlsFailure(err, this.options.tls, this.tls);
        if (tls) throw new RemoteError(req.caller, endpoint, tls);
        const problem = isTimeout(err)
          ? `no answer within ${this.options.timeoutMs} ms`
          : `request failed (${scrub(redactUrlsIn(causeOf(err)))})`;
        if (last) throw new RemoteError(req.caller, endpoint, `${problem}${retried(attempt)}`);
        await untilAborted(this.sleep(this.backoff(attempt)), signal);
        continue;
      }
      let text: string;
      try {
        text = await readCapped(res, this.options.maxResponseBytes);
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        if (err instanceof ResponseTooLarge)
          throw tooLarge(req.caller, endpoint, err, res.status, this.options.tooLargeHint);
        if (last)
          throw new RemoteError(
            req.caller,
            endpoint,
            `the body could not be read (${scrub(redactUrlsIn(causeOf(err)))})${retried(attempt)}`,
            res.status,
          );
        await untilAborted(this.sleep(this.backoff(attempt)), signal);
        continue;
      }
      const ms = performance.now() - t0;
      if (res.status === 429 || res.status >= 500) {
        if (last) throw new RemoteError(req.caller, endpoint, `${scrub(snippet(text))}${retried(attempt)}`, res.status);
        const wait = this.retryAfter(res);
        if (wait !== undefined && wait > MAX_RETRY_AFTER_MS)
          throw new RemoteError(
            req.caller,
            endpoint,
            `asked to wait ${Math.ceil(wait / 1000)} s before a retry (Retry-After), longer than the ${MAX_RETRY_AFTER_MS / 1000} s obeyed: stopped rather than ask again early; try again later (${scrub(snippet(text))})`,
            res.status,
          );
        await untilAborted(this.sleep(wait ?? this.backoff(attempt)), signal);
        continue;
      }
      if (res.status === 401 || res.status === 403) {
        const hint = authHint(this.options.headers, moved.authorization !== undefined, this.options.noCredentialsHint);
        throw new RemoteError(req.caller, endpoint, `${scrub(snippet(text))} (${hint})`, res.status);
      }
      if (res.status >= 400) throw new RemoteError(req.caller, endpoint, scrub(snippet(text)), res.status);
      if (text.trim() === '') return { status: res.status, body: undefined, ms };
      try {
        return { status: res.status, body: JSON.parse(text) as unknown, ms };
      } catch {
        throw new RemoteError(req.caller, endpoint, `the body is not JSON: ${scrub(snippet(text))}`, res.status);
      }
    }
  }

  /**
   * One attempt: fetch with `redirect: 'manual'`, following each redirect whose Location is on
   * the request's own origin (a 301/302/303 turns a POST into a bodiless GET, as fetch would);
   * RemoteError for one elsewhere or for more than MAX_REDIRECTS. One timeout covers every hop.
   */
  private async fetchFollowing(
    req: RemoteRequest,
    endpoint: string,
    headers: Record<string, string>,
    body: string | undefined,
    cancel: AbortSignal | undefined,
  ): Promise<Response> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const signal = cancel ? AbortSignal.any([timeout, cancel]) : timeout;
    const origin = new URL(req.url).origin;
    let url = req.url;
    let method: string = req.method;
    let hopHeaders = headers;
    for (let hop = 0; ; hop++) {
      const sent = this.options.sign ? await this.options.sign({ method, url, headers: hopHeaders, body }) : hopHeaders;
      const dispatcher = this.tls && { dispatcher: this.tls.dispatcher };
      const res = await fetch(url, { method, headers: sent, body, signal, redirect: 'manual', ...dispatcher });
      const location = res.headers.get('location');
      if (!REDIRECTS.has(res.status) || location === null) return res;
      await res.body?.cancel();
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new RemoteError(req.caller, endpoint, `redirected to ${excerpt(location)}, not a URL`, res.status);
      }
      if (next.origin !== origin)
        throw new RemoteError(
          req.caller,
          endpoint,
          `redirected to ${excerpt(redactUrl(next.href))}, another origin than ${origin}: not followed (configure that URL, with its origin allowed, to call it)`,
          res.status,
        );
      if (hop >= MAX_REDIRECTS)
        throw new RemoteError(req.caller, endpoint, `more than ${MAX_REDIRECTS} redirects`, res.status);
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        hopHeaders = Object.fromEntries(Object.entries(hopHeaders).filter(([name]) => name !== 'Content-Type'));
      }
      url = next.href;
    }
  }

  /** The wait before retry `attempt + 1`: backoffMs doubled each attempt, with ±25% jitter. */
  backoff(attempt: number): number {
    const base = this.options.backoffMs * 2 ** attempt;
    return base * (0.75 + Math.random() / 2);
  }

  private retryAfter(res: Response): number | undefined {
    const header = res.headers.get('retry-after');
    if (header === null) return undefined;
    const seconds = Number(header);
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
    return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
  }
}

/** METHOD URL as reports and errors show it: redacted and shortened by redactUrl. */
export function shownEndpoint(method: string, url: string): string {
  return `${method} ${redactUrl(url)}`;
}

/** The error for a body over the cap: the cap, how far reading got, and the setting that raises it. */
function tooLarge(
  caller: RemoteCaller,
  endpoint: string,
  err: ResponseTooLarge,
  status: number,
  hint: string,
): RemoteError {
  const cap = `${err.maxBytes / BYTES_PER_MB} MB`;
  const seen =
    err.declared !== undefined ? `its Content-Length is ${err.declared} bytes` : `stopped reading at ${err.read} bytes`;
  return new RemoteError(caller, endpoint, `the answer is larger than the ${cap} cap (${seen}): ${hint}`, status);
}

/**
 * The secrets one request carries, longest first: the values of the environment variables its
 * headers read, any header but the known-safe ones written out (with and without its scheme
 * word, `Bearer`),
 * and the URL's password (and the Basic token made of it). Values shorter than 4
 * characters are left alone: cutting every "a" out of a message would hide more than a secret.
 */
function requestSecrets(
  headers: Readonly<Record<string, string>>,
  moved: { authorization?: string; password?: string },
): string[] {
  const values = Object.entries(headers).flatMap(([name, value]) => {
    const variables = envVariablesIn(value);
    if (variables.length > 0) return variables.map((variable) => process.env[variable] ?? '');
    return isSafeHeader(name) ? [] : [value, value.replace(/^\S+\s+/, '')];
  });
  if (moved.password !== undefined) values.push(moved.password, encodeURIComponent(moved.password));
  if (moved.authorization) values.push(moved.authorization.replace(/^Basic /, ''));
  const secrets = [...new Set(values)].filter((v) => v.length >= 4).sort((a, b) => b.length - a.length);
  // Known to the whole process too: an error built after the answer was read (a missing hits
  // path quoting the body) or printed elsewhere has them cut out as well (known-secrets.ts).
  for (const secret of secrets) rememberSecret(secret);
  return secrets;
}

function retried(attempt: number): string {
  return attempt === 0 ? '' : ` (after ${attempt + 1} attempts)`;
}

/** The most of a remote body or header an error repeats. */
const EXCERPT_CHARS = 200;

function snippet(text: string): string {
  const t = text.replace(/[ \t\r\n]+/g, ' ').trim();
  return t === '' ? '(empty body)' : excerpt(t);
}

/**
 * At most EXCERPT_CHARS of remote text, control characters (C0, DEL, C1) and line separators
 * escaped as \uXXXX, so what another server sends cannot forge lines in a log or a terminal.
 */
function excerpt(text: string): string {
  const cut = text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
  return cut.replace(/[\p{Cc}\u2028\u2029]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function isTimeout(err: unknown): boolean {
  return err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError');
}

/** fetch() says "fetch failed" and keeps the useful part (ECONNREFUSED) in `cause`. */
function causeOf(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
