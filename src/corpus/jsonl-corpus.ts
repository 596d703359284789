import { InputError } from '../errors.js';
import type { Doc } from './types.js';
import { docFromRecord } from './doc-from-record.js';
import { requireId, type RecordAt } from './fields.js';
import { createDuplicateCheck } from './duplicate-check.js';
import { readJsonl } from './read-jsonl.js';

export interface CorpusReadOptions {
  /**
   * Called for a document whose text is an empty string, which is then skipped instead of
   * stopping the read. Real collections have a few (Cranfield has two); without this option
   * they are an error, since an empty document is usually a broken export.
   */
  onEmpty?: (id: string, at: RecordAt) => void;
}

/**
 * Streams the documents of a JSON Lines corpus (`_id`/`id`, `title`, `text`, `metadata`),
 * validating each one and rejecting duplicate ids. Only the ids are kept in memory.
 */
export async function* readJsonlCorpus(file: string, options: CorpusReadOptions = {}): AsyncGenerator<Doc> {
  const checkUnique = createDuplicateCheck(file, '_id', 'document id');
  let count = 0;
  for await (const { line, value } of readJsonl(file)) {
    if (options.onEmpty && typeof value.text === 'string' && value.text.trim() === '') {
      const id = requireId(value, { file, line });
      checkUnique(id, line);
      options.onEmpty(id, { file, line });
      continue;
    }
    const doc = docFromRecord(value, { file, line });
    checkUnique(doc.id, line);
    count += 1;
    yield doc;
  }
  // An empty corpus would index "successfully" and score zero everywhere; better to say so.
  if (count === 0) throw new InputError('no documents in file', { file });
}
