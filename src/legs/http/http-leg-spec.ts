import { z } from 'zod/v4';
import { originOf } from '../../remote/allowed-origins.js';
import { parseJsonPath } from '../../remote/json-path.js';
import { REMOTE_DEFAULTS } from '../../remote/remote-client.js';
import { placeholdersOf } from '../../remote/template.js';
import { HTTP_LEG_PLACEHOLDERS, REMOTE_LIMITS } from '../../schemas/defaults.js';

const jsonPath = (what: string) => z.string().max(500).describe(what);

/**
 * A leg answered by any search API over HTTP: where to send the query (URL and method, a JSON
 * body template), where the answer keeps its hits and which fields of a hit hold the document
 * id, the chunk id and the score (src/remote/json-path.ts), and how to call it (headers with
 * secrets from the environment, timeout, retries, concurrency: src/remote/remote-client.ts).
 */
export const httpLegFields = {
  url: z
    .string()
    .min(1)
    .max(4000)
    .describe(
      `the endpoint; placeholders ${HTTP_LEG_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')} in its path or query string are URL-encoded`,
    ),
  method: z.enum(['GET', 'POST']).optional().describe('default POST when a body is given, else GET'),
  body: z
    .record(z.string(), z.unknown())
    .optional()
    .describe(
      'a JSON body template: a string that is exactly "{{k}}" (or any placeholder) becomes the value itself, a placeholder inside longer text is spliced in',
    ),
  hits: jsonPath('where the answer keeps its hit list, e.g. hits or result.items (empty: the body is the list)'),
  id: jsonPath('inside one hit, the document id, e.g. docId or _source.doc_id'),
  chunk_id: jsonPath(
    "inside one hit, the chunk id (docId#ordinal); without it a hit stands as its document's first chunk",
  ).optional(),
  score: jsonPath('inside one hit, the score (higher is better)'),
  headers: z
    .record(
      z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'a header name is a token (letters, digits, - and the like)'),
      z.string().max(4000),
    )
    .optional()
    .describe(
      'sent with every request; values may hold ${env:NAME}, read from the environment, never written into reports',
    ),
  timeout_ms: z
    .number()
    .int()
    .min(1)
    .max(REMOTE_LIMITS.maxTimeoutMs)
    .optional()
    .describe(`ms per attempt (default ${REMOTE_DEFAULTS.timeoutMs})`),
  retries: z
    .number()
    .int()
    .min(0)
    .max(REMOTE_LIMITS.maxRetries)
    .optional()
    .describe(
      `further attempts after a 429, a 5xx, a timeout or a refused connection, with exponential backoff (default ${REMOTE_DEFAULTS.retries})`,
    ),
  concurrency: z
    .number()
    .int()
    .min(1)
    .max(REMOTE_LIMITS.maxConcurrency)
    .optional()
    .describe(`requests in flight at once (default ${REMOTE_DEFAULTS.concurrency})`),
};

/** The methods an http leg calls with. */
export type HttpMethod = 'GET' | 'POST';

/** POST when there is a body to send, else GET. */
export function httpMethodOf(leg: { method?: HttpMethod | undefined; body?: unknown }): HttpMethod {
  return leg.method ?? (leg.body !== undefined ? 'POST' : 'GET');
}

/**
 * The checks a schema cannot say: the URL is absolute http(s) with no placeholder before its
 * path (a query must not pick the host, or the server's allow-list would mean nothing), every
 * placeholder is one we fill, each path parses, and GET has no body. Returns the first problem
 * as [field, message].
 */
export function checkHttpLeg(leg: {
  url: string;
  method?: HttpMethod | undefined;
  body?: unknown;
  hits: string;
  id: string;
  chunk_id?: string | undefined;
  score: string;
}): [string, string] | undefined {
  // Filled two ways, the origin and userinfo must come out the same: then no placeholder reaches
  // the scheme, credentials, host or port, however the URL is spelled (a backslash, no slashes).
  let origins: string[];
  try {
    origins = ['a', 'b'].map((fill) => {
      const url = leg.url.replace(/\{\{[^}]*\}\}/g, fill);
      const origin = originOf(url, 'url');
      const { username, password } = new URL(url);
      return `${username}:${password}@${origin}`;
    });
  } catch (err) {
    return ['url', (err as Error).message.replace(/^url: /, '')];
  }
  if (origins[0] !== origins[1])
    return ['url', 'placeholders may appear in the path and query string only, not in the host or port'];
  for (const [field, template] of [
    ['url', leg.url],
    ['body', leg.body],
  ] as const) {
    const unknown = placeholdersOf(template).filter((p) => !(HTTP_LEG_PLACEHOLDERS as readonly string[]).includes(p));
    if (unknown.length)
      return [
        field,
        `unknown placeholder {{${unknown[0]}}}; known: ${HTTP_LEG_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}`,
      ];
  }
  if (leg.method === 'GET' && leg.body !== undefined)
    return ['body', 'a GET request sends no body: use method POST, or put the placeholders in the URL'];
  for (const field of ['hits', 'id', 'chunk_id', 'score'] as const) {
    const path = leg[field];
    if (path === undefined) continue;
    try {
      parseJsonPath(path, field);
    } catch (err) {
      return [field, (err as Error).message.replace(new RegExp(`^${field}: `), '')];
    }
    if (field !== 'hits' && path.trim() === '')
      return [field, `the ${field} path names a field inside a hit; it cannot be empty`];
  }
  return undefined;
}
