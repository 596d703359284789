import { InputError } from '../errors.js';
import type { Doc } from './types.js';
import { optionalRecord, optionalString, requireId, type RecordAt } from './fields.js';
import { describeValue } from './describe-value.js';

/**
 * Validates one JSON corpus record and turns it into a Doc. Fields other than the four known
 * ones are ignored, so BEIR files with extra columns still load.
 *
 * BEIR allows an empty `text` when the title holds the content (CACM has 1,617 such records,
 * issue 23): such a record becomes a document whose text is its title and whose title is
 * empty, so the words are indexed once, as the body, as a title + text concatenation would
 * index them. A record with neither (Cranfield's 471 and 995) is refused (isContentless;
 * `--skip-empty` skips it).
 */
export function docFromRecord(record: Record<string, unknown>, at: RecordAt): Doc {
  const id = requireId(record, at);
  const title = optionalString(record, 'title', at);
  const text = record.text;
  if (typeof text !== 'string') {
    const got = text === undefined ? 'it is missing' : `got ${describeValue(text)}`;
    throw new InputError(`expected a string, ${got}`, { ...at, field: 'text' });
  }
  const doc: Doc = text.trim() !== '' ? { id, title, text } : { id, title: '', text: titleAsText(title, at) };
  const metadata = optionalRecord(record, 'metadata', at);
  if (metadata !== undefined) doc.metadata = metadata;
  return doc;
}

/**
 * Whether a record has nothing to index: its text is a string that is empty after trimming and
 * its title is absent, null or empty too. Other problems are left to docFromRecord to name.
 */
export function isContentless(record: Record<string, unknown>): boolean {
  const { text, title } = record;
  const blank = (v: unknown) => typeof v === 'string' && v.trim() === '';
  return blank(text) && (title === undefined || title === null || blank(title));
}

function titleAsText(title: string, at: RecordAt): string {
  if (title.trim() === '')
    // Named here because this is where a user meets it (Cranfield stops at its record 471).
    throw new InputError(
      'expected a non-empty string, or a title to index in its place: the record has neither (testbed index --skip-empty skips such records and names them)',
      { ...at, field: 'text' },
    );
  return title;
}
