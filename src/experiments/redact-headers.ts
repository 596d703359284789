import { redactHeaders } from '../remote/secrets.js';

/**
 * A copy of a retriever as written, or of the pipeline it became, fit to be written into a
 * report: every `headers` record in it (a remote reranker's, a remote leg's) redacted as
 * secrets.ts shows headers, so a key typed into an experiment file as a literal value reaches
 * neither report.json nor report.md (`${env:NAME}` references are kept: they are no secret).
 */
export function withHeadersRedacted<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => withHeadersRedacted(v)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = key === 'headers' && isStringRecord(v) ? redactHeaders(v) : withHeadersRedacted(v);
  return out as T;
}

function isStringRecord(v: unknown): v is Record<string, string> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');
}
