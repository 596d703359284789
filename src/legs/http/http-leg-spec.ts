import { z } from 'zod/v4';
import { originOf } from '../../remote/allowed-origins.js';
import { parseJsonPath } from '../../remote/json-path.js';
import { placeholdersOf, TEMPLATE_TOO_DEEP, templateTooDeep } from '../../remote/template.js';
import { remoteCallFields } from '../../schemas/remote-call-fields.js';

/**
 * What an http leg's URL and body template may name: the query text, the hits asked for, the
 * level, the pipeline's filter (its spec object, or null), the query's language (or null) and
 * the query's id in its query set (or null for a free-text search).
 */
export const HTTP_LEG_PLACEHOLDERS = ['query', 'k', 'level', 'filter', 'qlang', 'query_id'] as const;

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
    .refine((t) => !templateTooDeep(t), TEMPLATE_TOO_DEEP)
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
  ...remoteCallFields,
};

/** An http leg, its name settled. */
export type HttpLeg = { type: 'http'; name: string } & z.output<z.ZodObject<typeof httpLegFields>>;

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
