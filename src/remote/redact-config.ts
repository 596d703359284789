import { withoutUrlSecrets } from './redact-url.js';
import { redactHeaders } from './shown-headers.js';

/**
 * A copy of `value` (a config, a pipeline, a retriever) as a report, a job record or a page may
 * show it: every `headers` mapping, wherever it sits, redacted as redactHeaders does (the values of
 * known-safe headers and `${env:NAME}` references kept, every other value `(set)`), and every URL in every
 * string without its userinfo or key-like query values (withoutUrlSecrets, the one rule for
 * URLs). So a key or password written inline in a config is not published with it.
 */
export function redactConfig<T>(value: T): T {
  return walk(value) as T;
}

function walk(v: unknown): unknown {
  if (typeof v === 'string') return withoutUrlSecrets(v);
  if (Array.isArray(v)) return v.map(walk);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.entries(v).map(([key, inner]) => [
      key,
      key === 'headers' && isStringRecord(inner) ? redactHeaders(inner) : walk(inner),
    ]),
  );
}

function isStringRecord(v: unknown): v is Record<string, string> {
  return (
    v !== null && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string')
  );
}
