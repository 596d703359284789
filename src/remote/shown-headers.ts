import { envVariablesIn } from './secrets.js';

/**
 * The headers whose values are shown as written (lower case). An allow-list, not a list of
 * secret-looking names: a credential travels under any name a vendor picks
 * (Ocp-Apim-Subscription-Key, X-Auth, X-Goog-Api-Key, apikey, ...) and a guessing pattern
 * always misses one. These describe the request, never who makes it:
 * - accept, accept-charset, accept-encoding, accept-language: which answer formats are wanted;
 * - content-type, content-language: what the body is;
 * - user-agent: the client's name and version;
 * - cache-control, pragma: caching directives;
 * - x-opaque-id, x-request-id: a caller-chosen request label (Elasticsearch and OpenSearch put
 *   X-Opaque-Id in their slow and task logs), which a report showing it helps trace.
 */
const SAFE_HEADERS = new Set([
  'accept',
  'accept-charset',
  'accept-encoding',
  'accept-language',
  'content-type',
  'content-language',
  'user-agent',
  'cache-control',
  'pragma',
  'x-opaque-id',
  'x-request-id',
]);

/** Whether a header's value may be shown as written (SAFE_HEADERS); every other value may carry a credential. */
export function isSafeHeader(name: string): boolean {
  return SAFE_HEADERS.has(name.trim().toLowerCase());
}

/**
 * Authentication scheme words a reference may follow (`Bearer ${env:KEY}`): the word is a
 * label, not a secret, so a value made of one and references is shown as written.
 */
const SCHEME_WORD = /^(?:Bearer|Basic|Token|ApiKey|Api-Key|Key|SharedKey|Digest|SSWS|Splunk)?$/i;

/** Whether `value` is nothing but `${env:NAME}` references, after at most an auth scheme word: it holds no secret itself. */
function onlyReferences(value: string): boolean {
  if (envVariablesIn(value).length === 0) return false;
  const rest = value.replace(/\$\{env:[A-Za-z_][A-Za-z0-9_]*\}/g, ' ').trim();
  return SCHEME_WORD.test(rest);
}

/**
 * The one rule for showing headers, wherever they are shown or stored (reports, job records,
 * search answers, the query log, pages, printed legs): a SAFE_HEADERS value as written, a value
 * that is only `${env:NAME}` references (after an optional scheme word) as written, since the
 * reference is not the secret, and every other value `(set)`.
 */
export function redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    out[name] = isSafeHeader(name) || onlyReferences(value) ? value : '(set)';
  return out;
}
