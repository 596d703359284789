import { InputError } from '../errors.js';
import type { Doc } from './types.js';
import { docFromRecord, isContentless } from './doc-from-record.js';
import { requireId, type RecordAt } from './fields.js';
import { createDuplicateCheck } from './duplicate-check.js';
import { readJsonl } from './read-jsonl.js';

export interface CorpusReadOptions {
  /**
   * Called for a document with neither text nor title (isContentless), which is then skipped
   * instead of stopping the read; without this option it is an error, since an empty document
   * is usually a broken export. A record with an empty text and a title is read with its title
   * as its text (docFromRecord), not skipped.
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
    if (options.onEmpty && isContentless(value)) {
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
