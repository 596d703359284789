import { readQrels } from '../corpus/index.js';
import { ConflictError, InputError, NotFoundError } from '../errors.js';
import { readAdditionRecords } from './addition-records.js';
import { additionsFile, additionsLockFile } from './additions-file.js';
import { checkId, checkJudge } from './check-fields.js';
import { withLock } from './lock-file.js';
import { replaceLines } from './replace-lines.js';
import { requireQrelsFile } from './require-qrels-file.js';
import type { Addition } from './types.js';

/** The (query, document) pair whose added judgements are taken back. */
export interface JudgementRef {
  queryId: string;
  docId: string;
  /** Only this judge's additions for the pair: another judge's grade of it stays (agreement needs both). */
  judge?: string;
}

export interface Removal {
  /** The additions taken back, in the order they had been recorded. */
  removed: Addition[];
  /** The pair's grade from now on: the published qrels' grade, or undefined when it is unjudged again. */
  published?: number;
  /** Additions left in the file (of other pairs); 0 means the file was deleted. */
  remaining: number;
}

/**
 * Takes back every judgement added for one (query, document) pair, so the pair reads as the
 * published qrels have it (or unjudged). Other lines are kept as stored, unknown keys too. The
 * additions file is rewritten atomically under the additions lock, so additions made at the
 * same time are kept; when none remains, the file is deleted, which makes add followed by
 * remove leave a checkout as it was.
 *
 * Only additions can be removed: a pair judged only in the published qrels is a ConflictError
 * naming that file (adding grade 0 overrules it instead); a pair judged nowhere is a
 * NotFoundError. Ids are not checked against the corpus, so an addition whose document has
 * since left the corpus can still be taken back. With `ref.judge`, only that judge's additions
 * are taken back (none by them is a NotFoundError), so one judge's undo leaves another's grade.
 */
export async function removeJudgement(qrelsFile: string, ref: JudgementRef): Promise<Removal> {
  const queryId = checkId(ref.queryId, 'query id', { field: 'query_id' });
  const docId = checkId(ref.docId, 'document id', { field: 'doc_id' });
  const judge = checkJudge(ref.judge, { field: 'judge' });
  await requireQrelsFile(qrelsFile);
  const file = additionsFile(qrelsFile);
  const { removed, remaining } = await withLock(additionsLockFile(qrelsFile), async () => {
    const { records, torn } = await readAdditionRecords(file);
    // The rewrite keeps only the records it read: a line that is not JSON (torn, or a hand edit
    // gone wrong) would vanish with it, so it is left for a person to look at first.
    if (torn[0] !== undefined)
      throw new InputError(
        'malformed JSON (a torn line?): fix or delete this line before taking judgements back, since the rewrite would drop it',
        { file, line: torn[0] },
      );
    const isPair = ({ addition: a }: { addition: Addition }) =>
      a.query_id === queryId && a.doc_id === docId && (judge === undefined || a.judge === judge);
    const taken = records.filter(isPair);
    const kept = records.filter((r) => !isPair(r));
    if (taken.length > 0)
      await replaceLines(
        file,
        kept.map((r) => JSON.stringify(r.stored)),
      );
    return { removed: taken.map((r) => r.addition), remaining: kept.length };
  });
  const published = (await readQrels(qrelsFile)).get(queryId)?.get(docId);
  const pair = `query ${JSON.stringify(queryId)} document ${JSON.stringify(docId)}`;
  if (removed.length === 0 && judge !== undefined)
    throw new NotFoundError(`no judgement of ${pair} by judge ${JSON.stringify(judge)} was added to ${file}`);
  if (removed.length === 0 && published !== undefined) {
    throw new ConflictError(
      `${pair} is judged (grade ${published}) in the published qrels file ${qrelsFile}, which is never edited: ` +
        `only judgements added to ${file} can be removed; add grade 0 to overrule it`,
    );
  }
  if (removed.length === 0) throw new NotFoundError(`no judgement of ${pair} was added to ${file}`);
  return published === undefined ? { removed, remaining } : { removed, published, remaining };
}
