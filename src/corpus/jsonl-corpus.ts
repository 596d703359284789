import { InputError } from '../errors.js';
import type { Doc } from './types.js';
import { docFromRecord } from './doc-from-record.js';
import { createDuplicateCheck } from './duplicate-check.js';
import { readJsonl } from './read-jsonl.js';

/**
 * Streams the documents of a JSON Lines corpus (`_id`/`id`, `title`, `text`, `metadata`),
 * validating each one and rejecting duplicate ids. Only the ids are kept in memory.
 */
export async function* readJsonlCorpus(file: string): AsyncGenerator<Doc> {
  const checkUnique = createDuplicateCheck(file, '_id', 'document id');
  let count = 0;
  for await (const { line, value } of readJsonl(file)) {
    const doc = docFromRecord(value, { file, line });
    checkUnique(doc.id, line);
    count += 1;
    yield doc;
  }
  // An empty corpus would index "successfully" and score zero everywhere; better to say so.
  if (count === 0) throw new InputError('no documents in file', { file });
}
