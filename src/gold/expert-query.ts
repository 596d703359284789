import { stat, truncate, unlink } from 'node:fs/promises';
import type { Query } from '../corpus/index.js';
import { ConflictError, InputError } from '../errors.js';
import { describeValue } from '../corpus/describe-value.js';
import { additionsFile, additionsLockFile } from './additions-file.js';
import { appendLine, appendLines } from './append-line.js';
import { beirSiblings } from './beir-siblings.js';
import { checkGrade, checkId, checkJudge, checkNote } from './check-fields.js';
import { checkQuestion, expertQueryId, questionKey } from './expert-question.js';
import { jsonlMissingIds } from './jsonl-has-id.js';
import { withLock } from './lock-file.js';
import { queryAdditionsFile, queryAdditionsLockFile } from './query-additions-file.js';
import { readQuerySet } from './read-query-set.js';
import { requireQrelsFile } from './require-qrels-file.js';
import type { Addition } from './types.js';

/** Highest grade of a written question's judgements: the judging page's 0-3 scale. */
export const EXPERT_MAX_GRADE = 3;

/** One document an expert marked for their question. */
export interface ExpertJudgement {
  docId: string;
  grade: number;
  note?: string;
}

/** A question an expert wrote, and the documents they found answering it (or not). */
export interface NewExpertQuery {
  text: string;
  judge: string;
  judgements: ExpertJudgement[];
  /** Kept in the query's metadata: why the question was asked, for whoever reviews the set. */
  note?: string;
  /** When it was asked; now by default. The query and all its judgements carry it. */
  date?: Date;
}

export interface ExpertQuery {
  query: Query;
  additions: Addition[];
}

/**
 * Records a question a domain expert wrote, with the documents they marked for it, in one go:
 * the query goes to `<queries.jsonl>.additions.jsonl` (the published queries.jsonl is never
 * rewritten) and its judgements to the qrels additions with source `expert`, both under their
 * locks, taken queries first then qrels, always in that order. Nothing is left half-written: if
 * the judgements cannot be appended, the query line is cut off again before the error goes on.
 *
 * Everything is checked before anything is written: a BEIR folder around `qrelsFile` (the
 * query needs a queries.jsonl to join), the question (checkQuestion), a judge, at least one
 * judgement, grades on the judging page's 0-3 scale, each document once and known to
 * corpus.jsonl (the unknown ones are all named). All judgements may be grade 0: a question the
 * corpus cannot answer is worth keeping, since it is exactly the "corpus cannot answer" miss.
 * The id is expertQueryId of the text, so a question already asked (same id, or the same text
 * once normalised, among published or added queries) is a ConflictError naming that query.
 */
export async function addExpertQuery(qrelsFile: string, asked: NewExpertQuery): Promise<ExpertQuery> {
  const text = checkQuestion(asked.text);
  const judge = checkJudge(asked.judge, { field: 'judge' });
  if (judge === undefined) throw new InputError('judge is required: who wrote the question', { field: 'judge' });
  const queryNote = checkNote(asked.note, { field: 'note' });
  const date = isoDate(asked.date ?? new Date());
  const id = expertQueryId(text);
  const additions = checkJudgements(asked.judgements).map(({ docId, grade, note }) => {
    const addition: Addition = { query_id: id, doc_id: docId, grade, date, judge, source: 'expert' };
    if (note !== undefined) addition.note = note;
    return addition;
  });
  await requireQrelsFile(qrelsFile);
  const beir = await beirSiblings(qrelsFile);
  if (beir === undefined)
    throw new InputError('written questions need a BEIR folder: queries.jsonl beside qrels/', { file: qrelsFile });
  await refuseUnknownDocs(beir.corpus, additions);
  const metadata: Record<string, unknown> = { source: 'expert', judge, date };
  if (queryNote !== undefined) metadata.note = queryNote;
  const query: Query = { id, text, metadata };
  const queriesAdded = queryAdditionsFile(beir.queries);
  const judgementsAdded = additionsFile(qrelsFile);
  await withLock(queryAdditionsLockFile(beir.queries), async () => {
    await refuseAskedBefore(beir.queries, query);
    await withLock(additionsLockFile(qrelsFile), async () => {
      const [queriesBefore, judgementsBefore] = await Promise.all([sizeOf(queriesAdded), sizeOf(judgementsAdded)]);
      await appendLine(queriesAdded, JSON.stringify({ _id: id, text, metadata }));
      try {
        await appendLines(
          judgementsAdded,
          additions.map((a) => JSON.stringify(a)),
        );
      } catch (err) {
        // A short write may have left part of the judgements: cut them back too (both locks are
        // held, so no other writer's line is past that size). That is a best effort, since the
        // file may be what failed; the query line must go whatever happens.
        await cutBack(judgementsAdded, judgementsBefore).catch(() => undefined);
        await cutBack(queriesAdded, queriesBefore);
        throw err;
      }
    });
  });
  return { query, additions };
}

function checkJudgements(value: unknown): ExpertJudgement[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new InputError(`judgements must list at least one document, got ${describeValue(value)}`, {
      field: 'judgements',
    });
  }
  const firstAt = new Map<string, number>();
  return value.map((j: Partial<ExpertJudgement>, i) => {
    const field = (name: string) => ({ field: `judgements[${i}].${name}` });
    const docId = checkId(j?.docId, 'document id', field('doc_id'));
    const grade = checkGrade(j.grade, field('grade'));
    if (grade > EXPERT_MAX_GRADE) {
      throw new InputError(
        `grade must be an integer from 0 to ${EXPERT_MAX_GRADE} (the judging page's scale), got ${grade}`,
        field('grade'),
      );
    }
    const earlier = firstAt.get(docId);
    if (earlier !== undefined) {
      throw new InputError(
        `document ${JSON.stringify(docId)} is already judged by judgements[${earlier}]`,
        field('doc_id'),
      );
    }
    firstAt.set(docId, i);
    const note = checkNote(j.note, field('note'));
    return note === undefined ? { docId, grade } : { docId, grade, note };
  });
}

async function refuseUnknownDocs(corpusFile: string, additions: readonly Addition[]): Promise<void> {
  const docIds = additions.map((a) => a.doc_id);
  const missing = new Set(await jsonlMissingIds(corpusFile, docIds));
  const index = docIds.findIndex((d) => missing.has(d));
  if (index < 0) return;
  const named = [...missing].map((d) => JSON.stringify(d)).join(', ');
  throw new InputError(`unknown document id${missing.size > 1 ? 's' : ''} ${named} (not in ${corpusFile})`, {
    field: `judgements[${index}].doc_id`,
  });
}

async function refuseAskedBefore(queriesFile: string, query: Query): Promise<void> {
  const key = questionKey(query.text);
  const existing = (await readQuerySet(queriesFile)).find((q) => q.id === query.id || questionKey(q.text) === key);
  if (existing !== undefined)
    throw new ConflictError(`already asked as query ${JSON.stringify(existing.id)}: judge it there`);
}

/** The file's size, 0 when it does not exist yet. */
async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
}

/** Undoes the query line: the file back to its former size, or gone when it was empty or new (empty reads as none). */
async function cutBack(file: string, size: number): Promise<void> {
  if (size === 0) await unlink(file);
  else await truncate(file, size);
}

function isoDate(date: Date): string {
  if (!(date instanceof Date) || Number.isNaN(date.getTime()))
    throw new InputError('date is not a valid date', { field: 'date' });
  return date.toISOString();
}
