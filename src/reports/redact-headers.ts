import { redactHeaders } from '../remote/secrets.js';

/**
 * A copy of `value` with every `headers` mapping (a remote leg's, wherever it sits in a config or
 * a pipeline) redacted as redactHeaders does: `${env:NAME}` references kept, any other value of a
 * secret-looking header replaced by `(set)`. What a report, a job record or a page shows of a
 * configuration goes through this, so a key written inline in a config is not published with it.
 */
export function redactConfigHeaders<T>(value: T): T {
  return walk(value) as T;
}

function walk(v: unknown): unknown {
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
