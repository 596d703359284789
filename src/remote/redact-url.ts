/**
 * The one rule for a URL that is printed or stored anywhere (reports, logs, errors, `push`
 * output, run files, the server's answers): a URL may carry a password in its userinfo
 * (`http://elastic:PASSWORD@host`) or a key in its query string (`?api_key=...`), and a report
 * is shared. So userinfo is dropped and the value of a query parameter whose name says key,
 * token, secret, password, signature, credential or auth becomes `(set)`. The rule works on the
 * text, so a URL is otherwise kept exactly as written (a hash of a redacted configuration stays
 * the hash of what the user wrote) and one that does not parse is redacted all the same.
 */

/** The longest URL a message repeats whole: longer ones end in `…` (an error once printed 3,000 characters of URL). */
export const SHOWN_URL_CHARS = 200;

/** A URL inside text: from its scheme to the next whitespace, quote or bracket. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`()[\]{}]+/gi;

/** Query parameters whose values are secrets (api_key, access_token, sig, X-Amz-Signature, X-Amz-Credential, ...). */
const SECRET_PARAM = /key|token|secret|password|passwd|auth|sig|credential/i;

/** Every URL in `text` with its userinfo dropped and its secret parameters `(set)`; nothing else changes. */
export function withoutUrlSecrets(text: string): string {
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi, (url) =>
    url
      .replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1')
      .replace(/([?&])([^=&#]*)=([^&#]*)/g, (param, sep: string, name: string) =>
        SECRET_PARAM.test(name) ? `${sep}${name}=(set)` : param,
      ),
  );
}

/**
 * `url` as a message shows it: withoutUrlSecrets, percent-escapes shown as the characters they
 * stand for, and at most `maxChars` characters (its origin and the start of its path, then `…`).
 */
export function redactUrl(url: string, maxChars = SHOWN_URL_CHARS): string {
  let shown = withoutUrlSecrets(url);
  try {
    shown = decodeURI(shown);
  } catch {
    // A malformed escape stays escaped.
  }
  if (shown.length <= maxChars) return shown;
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(shown)?.[0] ?? '';
  return `${shown.slice(0, Math.max(maxChars - 1, origin.length))}…`;
}

/** Every URL inside free text redacted by redactUrl: for text that quotes a URL it did not build (a fetch error's cause). */
export function redactUrlsIn(text: string, maxChars = SHOWN_URL_CHARS): string {
  return text.replace(URL_IN_TEXT, (url) => redactUrl(url, maxChars));
}
