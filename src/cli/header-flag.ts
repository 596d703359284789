import { InputError } from '../errors.js';

/**
 * `--header 'Name: value'` flags (repeatable) as a header record. Values may hold
 * `${env:NAME}`, resolved by the remote client when it sends them: the shell passes the text
 * through untouched inside single quotes, so the secret never appears on the command line.
 */
export function headerFlags(values: string[] | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const v of values ?? []) {
    const colon = v.indexOf(':');
    const name = colon > 0 ? v.slice(0, colon).trim() : '';
    if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name)) {
      // Only the part before the colon is shown: what follows may be a secret.
      throw new InputError(
        `--header must be "Name: value" (e.g. 'Authorization: Bearer \${env:KEY}'), got a header named ${JSON.stringify(colon > 0 ? v.slice(0, colon) : '(none)')}`,
      );
    }
    headers[name] = v.slice(colon + 1).trim();
  }
  return headers;
}
