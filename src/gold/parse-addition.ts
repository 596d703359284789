import type { RecordAt } from '../corpus/fields.js';
import type { Addition } from './types.js';
import { checkGrade, checkId, checkJudge, checkNote, checkSource, checkStoredDate } from './check-fields.js';

/**
 * Checks one record read from an additions file and returns it as an Addition. Each problem
 * names the file, line and field, so a hand-edited file can be fixed where it broke. Unknown
 * keys are ignored: a later version may store more without breaking readers. `judge` and
 * `source` are optional, so files written before they existed read as before.
 */
export function parseAddition(record: Record<string, unknown>, at: RecordAt): Addition {
  const addition: Addition = {
    query_id: checkId(record.query_id, 'query id', { ...at, field: 'query_id' }),
    doc_id: checkId(record.doc_id, 'document id', { ...at, field: 'doc_id' }),
    grade: checkGrade(record.grade, { ...at, field: 'grade' }),
    date: checkStoredDate(record.date, { ...at, field: 'date' }),
  };
  const note = checkNote(record.note, { ...at, field: 'note' });
  if (note !== undefined) addition.note = note;
  const judge = checkJudge(record.judge, { ...at, field: 'judge' });
  if (judge !== undefined) addition.judge = judge;
  const source = checkSource(record.source, { ...at, field: 'source' });
  if (source !== undefined) addition.source = source;
  return addition;
}
