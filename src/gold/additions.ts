import { readQrels, type Qrels } from '../corpus/index.js';
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
 * additions file does not exist yet. A malformed line is an InputError naming file and line.
 */
export async function readAdditions(qrelsFile: string): Promise<Addition[]> {
  await requireQrelsFile(qrelsFile);
  return (await readAdditionRecords(additionsFile(qrelsFile))).map((r) => r.addition);
}

/**
 * The grown gold set: the qrels file merged with its additions. An addition sets the grade of
 * its (query, doc) pair, adding the pair if it was unjudged. When several additions name one
 * pair the latest date wins, and among equal dates the one appended last; going by date rather
 * than file position keeps a back-dated import from overriding a newer judgement. Grade 0 is
 * kept as "judged not relevant", never a deletion, because metrics tell judged from unjudged.
 */
export async function readGold(qrelsFile: string): Promise<Qrels> {
  const qrels = await readQrels(qrelsFile);
  const additions = await readAdditions(qrelsFile);
  // Array#sort is stable, so equal dates keep their append order.
  const oldestFirst = [...additions].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  for (const { query_id, doc_id, grade } of oldestFirst) {
    let judged = qrels.get(query_id);
    if (judged === undefined) qrels.set(query_id, (judged = new Map()));
    judged.set(doc_id, grade);
  }
  return qrels;
}

function isoDate(date: Date): string {
  if (!(date instanceof Date) || Number.isNaN(date.getTime()))
    throw new InputError('date is not a valid date', { field: 'date' });
  return date.toISOString();
}
