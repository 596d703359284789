import { InputError } from '../errors.js';
import { readAdditionRecords } from './addition-records.js';
import { additionsFile, additionsLockFile } from './additions-file.js';
import { appendLine } from './append-line.js';
import { checkGrade, checkId, checkJudge, checkNote, checkSource } from './check-fields.js';
import { checkKnownIds } from './known-ids.js';
import { withLock } from './lock-file.js';
import { requireQrelsFile } from './require-qrels-file.js';
import type { Addition, NewJudgement } from './types.js';

/**
 * Records one judgement for `qrelsFile` (a false negative found while investigating a miss) by
 * appending it to `<qrels>.additions.jsonl`. Validates first: grade 0..10, ids without tabs or
 * line breaks, judge and source (who judged, and what kind of judgement) well formed if given,
 * the qrels file present, and, for a BEIR folder, the ids known to queries.jsonl
 * and corpus.jsonl. Safe to call from several processes at once: the append is one O_APPEND
 * write (see appendLine), made under the additions lock so that a removal rewriting the file
 * cannot drop it (see withLock).
 */
export async function addJudgement(qrelsFile: string, judgement: NewJudgement): Promise<Addition> {
  const { queryId, docId, grade = 1, note, judge, source, date = new Date() } = judgement;
  const addition: Addition = {
    query_id: checkId(queryId, 'query id', { field: 'query_id' }),
    doc_id: checkId(docId, 'document id', { field: 'doc_id' }),
    grade: checkGrade(grade, { field: 'grade' }),
    date: isoDate(date),
  };
  const checkedNote = checkNote(note, { field: 'note' });
  if (checkedNote !== undefined) addition.note = checkedNote;
  const checkedJudge = checkJudge(judge, { field: 'judge' });
  if (checkedJudge !== undefined) addition.judge = checkedJudge;
  const checkedSource = checkSource(source, { field: 'source' });
  if (checkedSource !== undefined) addition.source = checkedSource;
  await requireQrelsFile(qrelsFile);
  await checkKnownIds(qrelsFile, addition.query_id, addition.doc_id);
  await withLock(additionsLockFile(qrelsFile), () => appendLine(additionsFile(qrelsFile), JSON.stringify(addition)));
  return addition;
}

/**
 * The additions recorded for `qrelsFile`, in the order they were appended; none when the
 * additions file does not exist yet. A torn line is skipped (see readAdditionRecords); an
 * invalid record is an InputError naming file and line.
 */
export async function readAdditions(qrelsFile: string): Promise<Addition[]> {
  return (await readAdditionsAndTorn(qrelsFile)).additions;
}

/** readAdditions, with the torn lines it skipped (`file:line`), for a reader to report them. */
export async function readAdditionsAndTorn(qrelsFile: string): Promise<{ additions: Addition[]; torn: string[] }> {
  await requireQrelsFile(qrelsFile);
  const file = additionsFile(qrelsFile);
  const { records, torn } = await readAdditionRecords(file);
  return { additions: records.map((r) => r.addition), torn: torn.map((line) => `${file}:${line}`) };
}

function isoDate(date: Date): string {
  if (!(date instanceof Date) || Number.isNaN(date.getTime()))
    throw new InputError('date is not a valid date', { field: 'date' });
  return date.toISOString();
}
