import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { jsonlHasId } from '../../src/gold/jsonl-has-id.js';
import { scratchDir } from './helpers.js';

describe('jsonlHasId', () => {
  const file = path.join(scratchDir(), 'corpus.jsonl');
  fs.writeFileSync(
    file,
    [
      '{"_id": "doc-1", "text": "mentions doc-2 and a\\/b in passing"}',
      '',
      '{"text": "id after the text", "_id": "doc-3"}',
      '{"id": "plain-id", "text": "uses id, not _id"}',
      '{"_id": 42, "text": "numeric id"}',
      '{"_id": "a\\/b", "text": "slash written escaped"}',
      '{"_id": "\\u00e9t\\u00e9", "text": "accents written as unicode escapes"}',
      '{"_id": "say \\"hi\\"", "text": "quotes in the id"}',
    ].join('\n'),
  );

  it.each(['doc-1', 'doc-3', 'plain-id', '42', 'a/b', 'été', 'say "hi"'])('finds %j', async (id) => {
    expect(await jsonlHasId(file, id)).toBe(true);
  });

  it.each(['doc-2', 'text', 'a', 'passing', 'doc', '4'])('does not find %j (text mentions are not ids)', async (id) => {
    expect(await jsonlHasId(file, id)).toBe(false);
  });

  it('a malformed line that could hold the id is reported with file:line', async () => {
    const bad = path.join(scratchDir(), 'corpus.jsonl');
    fs.writeFileSync(bad, '{"_id": "x"}\n{"_id": "target", oops}\n');
    await expect(jsonlHasId(bad, 'target')).rejects.toThrow(InputError);
    await expect(jsonlHasId(bad, 'target')).rejects.toThrow(`${bad}:2: malformed JSON`);
    // stops at the first match, so a later broken line does not matter
    expect(await jsonlHasId(bad, 'x')).toBe(true);
  });
});
