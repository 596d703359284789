/**
 * The one rule for a URL that is printed anywhere (reports, logs, errors, `push` output, run
 * files, the server's answers): a URL may carry a password in its userinfo
 * (`http://elastic:PASSWORD@host`) or a key in its query string (`?api_key=...`), and a report
 * is shared. So userinfo is dropped, the value of a query parameter whose name says key, token,
 * secret, password, signature or auth is replaced by `(set)`, and a URL longer than
 * SHOWN_URL_CHARS keeps its origin and the start of its path, then `…`.
 */

/** The longest URL a message repeats whole: longer ones end in `…` (an error once printed 3,000 characters of URL). */
export const SHOWN_URL_CHARS = 200;

/** Query parameters whose values are secrets (api_key, access_token, sig, X-Amz-Signature, ...). */
const SECRET_PARAM = /key|token|secret|password|passwd|auth|sig|credential/i;

/** `url` as it may be printed: no userinfo, secret parameters `(set)`, at most `maxChars` characters. */
export function redactUrl(url: string, maxChars = SHOWN_URL_CHARS): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    // Not a URL we can parse: still no userinfo, and still short.
    return shorten(dropUserinfo(url), maxChars, '');
  }
  u.username = '';
  u.password = '';
  const params = [...u.searchParams.keys()];
  if (params.some((name) => SECRET_PARAM.test(name))) {
    const kept = new URLSearchParams();
    for (const [name, value] of u.searchParams) kept.append(name, SECRET_PARAM.test(name) ? '(set)' : value);
    u.search = kept.toString();
  }
  let shown = u.toString();
  // URL adds a slash to a URL with no path at all; the URL is shown as it was written.
  if (u.pathname === '/' && !/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*\//i.test(url))
    shown = u.origin + shown.slice(u.origin.length + 1);
  try {
    // Percent-escapes a reader would rather see as the characters they stand for (an index pattern, a query).
    shown = decodeURI(shown);
  } catch {
    // A malformed escape stays escaped.
  }
  return shorten(shown, maxChars, u.origin);
}

/**
 * Every URL inside free text redacted by redactUrl: for text that quotes a URL it did not
 * build (a fetch error's cause, an engine's error body, a message passed on). A URL is taken
 * to run from its scheme to the next whitespace, quote or bracket.
 */
export function redactUrlsIn(text: string, maxChars = SHOWN_URL_CHARS): string {
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`()[\]{}]+/gi, (url) => redactUrl(url, maxChars));
}

/** `scheme://user:pass@rest` -> `scheme://rest`, by text: for a string that does not parse as a URL. */
function dropUserinfo(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1');
}

/** The origin and as much of the rest as fits in `maxChars`, then `…`. */
function shorten(url: string, maxChars: number, origin: string): string {
  if (url.length <= maxChars) return url;
  return `${url.slice(0, Math.max(maxChars - 1, origin.length))}…`;
}
