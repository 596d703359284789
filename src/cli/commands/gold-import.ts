import { importTickets, type TicketImport } from '../../gold/import-tickets.js';
import { writeQuerySet } from '../../gold/write-query-set.js';
import { InputError } from '../../errors.js';
import type { DroppedCount } from '../../traffic/types.js';
import { parse, positional } from '../args.js';
import type { CliIo } from '../command.js';
import { JSON_OPTION, printResult } from '../json-output.js';

/**
 * `testbed gold import`: turns resolved tickets or answered questions into a BEIR query set, then
 * says what it wrote and everything it left out, so a user can see how much of the export counted.
 */
export async function runImport(argv: string[], io: CliIo, usage: string): Promise<number> {
  const { values, positionals } = parse(argv, {
    query: { type: 'string' },
    doc: { type: 'string' },
    grade: { type: 'string' },
    id: { type: 'string' },
    corpus: { type: 'string' },
    'doc-key': { type: 'string' },
    out: { type: 'string' },
    force: { type: 'boolean' },
    ...JSON_OPTION,
  });
  if (values.help) return (io.out(usage + '\n'), 0);
  const file = positional(positionals, 0, 'FILE', usage);
  if (positionals.length > 1) throw new InputError(`unexpected argument "${positionals[1]}"\n\n${usage}`);
  const query = required(values.query, '--query FIELD');
  const doc = required(values.doc, '--doc FIELD');
  const out = required(values.out, '--out DIR');
  if (values['doc-key'] !== undefined && values.corpus === undefined)
    throw new InputError('--doc-key needs --corpus: it says where the id sits in each document of that corpus');
  const result = await importTickets({
    file,
    query,
    doc,
    ...(values.grade !== undefined && { grade: values.grade }),
    ...(values.id !== undefined && { id: values.id }),
    ...(values.corpus !== undefined && { corpus: values.corpus }),
    ...(values['doc-key'] !== undefined && { docKey: values['doc-key'] }),
  });
  if (result.queries.length === 0)
    throw new InputError(`no query with a matched document, nothing written\n${summary(result).join('\n')}`, { file });
  const files = await writeQuerySet(out, result.queries, 'tickets', values.force === true);
  const lines = [...summary(result), `queries: ${files.queries}`, `qrels: ${files.qrels}`].join('\n') + '\n';
  printResult(io, values.json, lines, {
    queries: files.queries,
    qrels: files.qrels,
    rows: result.rows,
    written: result.queries.length,
    pairs: result.pairs,
    skipped: result.skipped,
    unmatched: result.unmatched ?? null,
  });
  return 0;
}

function summary(r: TicketImport): string[] {
  const skippedRows = r.skipped.reduce((sum, d) => sum + d.count, 0);
  return [
    `read ${r.rows} rows; wrote ${r.queries.length} queries and ${r.pairs} (query, document) pairs`,
    `skipped: ${skippedRows === 0 ? 'none' : skippedRows}`,
    ...r.skipped.map(droppedLine),
    `unmatched documents: ${r.unmatched === undefined ? 'none' : droppedLine(r.unmatched).trim()}`,
  ];
}

function droppedLine(d: DroppedCount): string {
  const shown = d.examples.join('; ');
  const more = d.count > d.examples.length ? `; ${d.count - d.examples.length} more` : '';
  return `  ${d.count} ${d.reason} (${shown}${more})`;
}

function required(value: string | undefined, flag: string): string {
  if (value === undefined || value.trim() === '') throw new InputError(`missing ${flag}`);
  return value;
}
