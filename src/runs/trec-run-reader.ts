import { readLines } from '../corpus/read-lines.js';
import { duplicateDocError, MAX_RUN_LINE_BYTES, parseRunLine } from './run-line.js';
import { trecOrder, type Run, type RunDoc } from './run.js';

/**
 * Reads a whole TREC run file (`qid Q0 docid rank score tag`, whitespace-separated) into memory,
 * for the callers that keep a run (compare, experiments, the judging pages). Like trec_eval, it
 * ignores the rank column and orders each query's documents by score, ties by document id
 * descending (see trecOrder). Blank lines are skipped; a query's lines may be anywhere.
 * `eval`, `pool`, `fuse` and `tune` read query by query instead (run-queries.ts).
 *
 * Errors name the file, the line and the column: a line without exactly 6 columns, a score that
 * is not a finite number, a line over MAX_RUN_LINE_BYTES, or a document listed twice for one
 * query (both lines named).
 */
export async function readTrecRun(file: string): Promise<Run> {
  const docs = new Map<string, RunDoc[]>();
  const firstLine = new Map<string, number>();
  for await (const { line, text } of readLines(file, { maxLineBytes: MAX_RUN_LINE_BYTES })) {
    const doc = parseRunLine(text, file, line);
    if (doc === undefined) continue;
    const key = `${doc.qid}\0${doc.id}`;
    const first = firstLine.get(key);
    if (first !== undefined) throw duplicateDocError(doc, first, file, line);
    firstLine.set(key, line);
    let list = docs.get(doc.qid);
    if (list === undefined) docs.set(doc.qid, (list = []));
    list.push({ id: doc.id, score: doc.score });
  }
  const run: Run = new Map();
  for (const [qid, list] of docs) run.set(qid, trecOrder(list));
  return run;
}
