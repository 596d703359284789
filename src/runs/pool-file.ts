import fs from 'node:fs';
import path from 'node:path';
import { readLines } from '../corpus/read-lines.js';
import { InputError } from '../errors.js';
import type { PoolEntry } from './pool.js';

/**
 * The header of a pool file. A pool file is TSV, one (query, document) pair a line, sorted by
 * query id then document id: `query-id`, `corpus-id` (as in BEIR qrels) and `judged`, the grade
 * the qrels (with their additions) already hold, or empty for a pair still to judge.
 */
export const POOL_HEADER = ['query-id', 'corpus-id', 'judged'] as const;

/** A pool as the text of its file (see POOL_HEADER); an id holding a tab or a line break cannot be written. */
export function formatPool(entries: readonly PoolEntry[]): string {
  const lines = [POOL_HEADER.join('\t')];
  for (const e of entries) {
    for (const [what, id] of [
      ['query id', e.queryId],
      ['document id', e.docId],
    ] as const) {
      if (/[\t\r\n]/.test(id)) throw new RangeError(`${what} ${JSON.stringify(id)} cannot be written to a pool file`);
    }
    lines.push(`${e.queryId}\t${e.docId}\t${e.grade ?? ''}`);
  }
  return lines.join('\n') + '\n';
}

/**
 * Writes a pool file atomically (temp file beside it, then rename): whoever judges from it (the
 * judging page, an LLM judge) never reads half a pool. A missing folder is created.
 */
export function writePool(file: string, entries: readonly PoolEntry[]): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  try {
    fs.writeFileSync(tmp, formatPool(entries));
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

/**
 * Reads a pool file back, for the tools that judge it. Errors name the file, the line and the
 * column: a wrong header, a line without exactly three columns, an empty id, a grade that is not
 * a whole number, or a pair listed twice.
 */
export async function readPool(file: string): Promise<PoolEntry[]> {
  const entries: PoolEntry[] = [];
  const seen = new Map<string, number>();
  for await (const { line, text } of readLines(file)) {
    if (line === 1) {
      if (text !== POOL_HEADER.join('\t'))
        throw new InputError(`a pool file starts with the header ${POOL_HEADER.join(' TAB ')}`, { file, line });
      continue;
    }
    if (text === '') continue;
    const fields = text.split('\t');
    if (fields.length !== POOL_HEADER.length)
      throw new InputError(`expected 3 tab-separated columns (${POOL_HEADER.join(' ')}), got ${fields.length}`, {
        file,
        line,
      });
    const [queryId, docId, judged] = fields as [string, string, string];
    if (queryId === '') throw new InputError('empty query id', { file, line, field: 'query-id' });
    if (docId === '') throw new InputError('empty document id', { file, line, field: 'corpus-id' });
    if (judged !== '' && !/^-?\d+$/.test(judged))
      throw new InputError(`judged must be a whole-number grade or empty, got ${JSON.stringify(judged)}`, {
        file,
        line,
        field: 'judged',
      });
    const key = `${queryId}\t${docId}`;
    const first = seen.get(key);
    if (first !== undefined)
      throw new InputError(`the pair ${queryId} ${docId} is listed twice (lines ${first} and ${line})`, { file, line });
    seen.set(key, line);
    entries.push({ queryId, docId, grade: judged === '' ? undefined : Number(judged) });
  }
  return entries;
}
