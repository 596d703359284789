import { type Line, readLines } from '../corpus/read-lines.js';
import { InputError } from '../errors.js';
import { duplicateDocError, MAX_RUN_LINE_BYTES, parseRunLine, RUN_COLUMNS } from './run-line.js';
import { trecOrder, type Run, type RunDoc } from './run.js';

/** One query of a run file, read whole: its documents and where its lines are in the file. */
export interface RunQuery {
  qid: string;
  /** Best first, in trec_eval's order (trecOrder). */
  docs: RunDoc[];
  /** Byte offset where its lines start (just past the previous query's last line, blank lines included). */
  start: number;
  /** Byte offset just past its last line. */
  end: number;
  /** The number of the line at `start`. */
  firstLine: number;
}

/** A part of a run file to read: one query's `start`, `end` and `firstLine`, as a RunQuery gives them. */
export type RunRange = Pick<RunQuery, 'start' | 'end' | 'firstLine'>;

/**
 * Reads a TREC run file query by query, holding one query's lines at a time, so memory is
 * bounded by the longest list rather than the file (a 5M-line run would otherwise cost a
 * gigabyte). With `range`, reads only that part of the file (one query found earlier).
 * The same columns, order and errors as readTrecRun, and one more: each query's lines must be
 * together, as every TREC tool writes them; a query id that comes back after another query's
 * lines is an InputError naming the file and the line where it comes back.
 */
export function readRunQueries(file: string, range?: RunRange): AsyncGenerator<RunQuery> {
  const lines = readLines(file, {
    maxLineBytes: MAX_RUN_LINE_BYTES,
    offsets: true,
    ...(range && { start: range.start, end: range.end, firstLine: range.firstLine }),
  });
  return groupRunQueries(lines, file, range?.start ?? 0, range?.firstLine ?? 1);
}

/**
 * Groups the lines of a run into queries, yielding each as soon as the next query's first line
 * (or the end) shows it is complete, and asking for no line before it is needed: a consumer that
 * stops early stops the reading. `start` and `firstLine` say where the lines begin in the file;
 * the byte ranges come from the lines' `end` offsets (readLines with `offsets`).
 */
export async function* groupRunQueries(
  lines: AsyncIterable<Line>,
  file: string,
  start = 0,
  firstLine = 1,
): AsyncGenerator<RunQuery> {
  // Query id -> its first line, for every query already yielded: a few strings per query, not per line.
  const done = new Map<string, number>();
  let current: { qid: string; line: number; docs: RunDoc[]; lines: Map<string, number> } | undefined;
  let next = { start, firstLine }; // where the query after the current one starts
  let end = start;
  let endLine = firstLine - 1;
  for await (const { line, text, end: lineEnd } of lines) {
    const doc = parseRunLine(text, file, line);
    if (doc !== undefined) {
      if (current !== undefined && doc.qid !== current.qid) {
        yield finish(current, next, end);
        done.set(current.qid, current.line);
        next = { start: end, firstLine: endLine + 1 };
        current = undefined;
      }
      if (current === undefined) {
        const earlier = done.get(doc.qid);
        if (earlier !== undefined) throw reappearsError(doc.qid, earlier, file, line);
        current = { qid: doc.qid, line, docs: [], lines: new Map() };
      }
      const first = current.lines.get(doc.id);
      if (first !== undefined) throw duplicateDocError(doc, first, file, line);
      current.lines.set(doc.id, line);
      current.docs.push({ id: doc.id, score: doc.score });
      end = lineEnd ?? end;
      endLine = line;
    }
  }
  if (current !== undefined) yield finish(current, next, end);
}

/** Reads a whole run through readRunQueries: the same Run as readTrecRun, for a grouped file. */
export async function collectRun(queries: AsyncIterable<RunQuery>): Promise<Run> {
  const run: Run = new Map();
  for await (const { qid, docs } of queries) run.set(qid, docs);
  return run;
}

function finish(
  query: { qid: string; docs: RunDoc[] },
  from: { start: number; firstLine: number },
  end: number,
): RunQuery {
  return { qid: query.qid, docs: trecOrder(query.docs), start: from.start, end, firstLine: from.firstLine };
}

function reappearsError(qid: string, first: number, file: string, line: number): InputError {
  return new InputError(
    `query ${JSON.stringify(qid)} comes back after other queries (its first line is ${first}): ` +
      `a run is read query by query, so each query's lines must be together; sort the file by query id ` +
      `(sort -s -k1,1 FILE keeps each query's order)`,
    { file, line, field: RUN_COLUMNS[0] },
  );
}
