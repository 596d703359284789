import type { Doc } from './types.js';
import { optionalRecord, optionalString, requireId, requireText, type RecordAt } from './fields.js';

/**
 * Validates one JSON corpus record and turns it into a Doc. Fields other than the four known
 * ones are ignored, so BEIR files with extra columns still load.
 */
export function docFromRecord(record: Record<string, unknown>, at: RecordAt): Doc {
  const doc: Doc = {
    id: requireId(record, at),
    title: optionalString(record, 'title', at),
    text: requireText(record, 'text', at),
  };
  const metadata = optionalRecord(record, 'metadata', at);
  if (metadata !== undefined) doc.metadata = metadata;
  return doc;
}
