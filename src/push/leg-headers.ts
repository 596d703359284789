import { redactHeaders } from '../remote/secrets.js';
import type { LegSnippet } from './push-target.js';

/**
 * The printed legs with the `--header` values push was called with, as each leg's `headers:`,
 * so the pasted legs reach the engine as push did. A value holding `${env:NAME}` is printed as
 * written: the reference, never the secret it resolves to. A literal value of a header that
 * usually carries a secret (Authorization, api-key, tokens, cookies: redactHeaders' rule) is
 * left out and its name returned in `omitted`, so the secret is not printed and the user is
 * told to write it as a reference; other literal values (a tenant, a routing header) are kept.
 */
export function legsWithHeaders(
  legs: LegSnippet[],
  headers: Readonly<Record<string, string>>,
): { legs: LegSnippet[]; omitted: string[] } {
  const shown = redactHeaders(headers);
  const kept = Object.fromEntries(Object.entries(headers).filter(([name, value]) => shown[name] === value));
  const omitted = Object.keys(headers).filter((name) => !(name in kept));
  if (Object.keys(kept).length === 0) return { legs, omitted };
  return { legs: legs.map((leg) => [...leg, ['headers', kept]]), omitted };
}
