import { InputError } from '../errors.js';
import type { ClickColumns } from '../traffic/click-rows.js';
import { matchDocs } from '../traffic/match-docs.js';
import { readTraffic } from '../traffic/read-traffic.js';
import type { Traffic } from '../traffic/types.js';

/** The flags every command reading search logs takes (queries sample, gold from-clicks). */
export const LOG_OPTIONS = {
  corpus: { type: 'string' },
  'doc-key': { type: 'string' },
  'query-column': { type: 'string' },
  'doc-column': { type: 'string' },
  'position-column': { type: 'string' },
  'session-column': { type: 'string' },
} as const;

export const LOG_USAGE = `  --corpus DIR        match logged document ids to this corpus (a BEIR folder or .jsonl):
                      ids it lacks are counted and the first ten shown; a chunk id DOC#N
                      counts for DOC
  --doc-key PATH      with --corpus: match by this field of each document instead of its id
                      (e.g. metadata.url, when a log records the links users clicked)
  --query-column C, --doc-column C, --position-column C, --session-column C
                      a CSV/JSONL click log's column names (default query; doc, doc_id or
                      url; position; session, session_id or client_id)`;

interface LogValues {
  corpus?: string;
  'doc-key'?: string;
  'query-column'?: string;
  'doc-column'?: string;
  'position-column'?: string;
  'session-column'?: string;
}

/** Reads the LOG arguments of a traffic command, matched to --corpus when given. */
export async function readLogs(logs: readonly string[], values: LogValues, usage: string): Promise<Traffic> {
  if (logs.length === 0) throw new InputError(`missing LOG (a log folder, UBI export or click log)\n\n${usage}`);
  if (values['doc-key'] !== undefined && values.corpus === undefined)
    throw new InputError('--doc-key needs --corpus: it says where the key sits in each document of that corpus');
  const columns: ClickColumns = {
    ...(values['query-column'] && { query: values['query-column'] }),
    ...(values['doc-column'] && { doc: values['doc-column'] }),
    ...(values['position-column'] && { position: values['position-column'] }),
    ...(values['session-column'] && { session: values['session-column'] }),
  };
  const traffic = await readTraffic(logs, { columns });
  if (values.corpus === undefined) return traffic;
  return matchDocs(traffic, { corpus: values.corpus, ...(values['doc-key'] && { docKey: values['doc-key'] }) });
}

/** A share of traffic flag: a number above 0 and at most 1. */
export function shareOption(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!(n > 0 && n <= 1)) throw new InputError(`--${name} must be a number above 0 and at most 1, got "${value}"`);
  return n;
}
