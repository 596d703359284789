import { redactHeaders } from '../remote/shown-headers.js';
import type { LegSnippet } from './push-target.js';

/**
 * The printed legs with the `--header` values push was called with, as each leg's `headers:`,
 * so the pasted legs reach the engine as push did. A value holding `${env:NAME}` is printed as
 * written: the reference, never the secret it resolves to. A literal value of any header but
 * the known-safe ones (Accept, Content-Type, User-Agent: redactHeaders' allow-list) is left out
 * and its name returned in `omitted`, so a key under an unusual name (Ocp-Apim-Subscription-Key,
 * X-Auth) is not printed and the user is told to write it as a reference.
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
