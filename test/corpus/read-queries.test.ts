import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readQueries } from '../../src/corpus/read-queries.js';
import { expectInputError, fixture, TINY_BEIR, tmpDir, writeTmp } from './helpers.js';

describe('readQueries', () => {
  it('reads the 5 tiny BEIR queries with metadata and answers', async () => {
    const queries = await readQueries(join(TINY_BEIR, 'queries.jsonl'));
    expect(queries.map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
    expect(queries[1]).toEqual({
      id: 'q2',
      text: 'E1042',
      metadata: { type: 'identifier', language: 'en', source: 'real' },
    });
    expect(queries[2]?.answers).toEqual(['100 GB']);
    expect(queries[3]?.answers).toEqual(['port 7400']);
    expect(queries[0]).not.toHaveProperty('answers');
    expect(queries[0]?.text).toBe("can't log in after password reset");
  });

  it('defaults metadata to an empty object', async () => {
    const file = writeTmp(tmpDir(), 'q.jsonl', '{"_id": 7, "text": "numeric id"}\n');
    expect(await readQueries(file)).toEqual([{ id: '7', text: 'numeric id', metadata: {} }]);
  });

  it('rejects an answers list holding an empty string, naming the item', async () => {
    const file = fixture('queries-bad-answers.jsonl');
    await expectInputError(readQueries(file), { file, line: 2, field: 'answers' }, 'item 1 must be a non-empty string');
  });

  it('rejects answers that are not an array, missing text and non-object metadata', async () => {
    const dir = tmpDir();
    const cases = [
      { body: '{"_id": "q", "text": "t", "answers": "42"}', field: 'answers', shows: 'string "42"' },
      { body: '{"_id": "q"}', field: 'text', shows: 'missing' },
      { body: '{"_id": "q", "text": "t", "metadata": [1]}', field: 'metadata', shows: 'an array' },
      { body: '{"text": "t"}', field: '_id', shows: 'missing' },
    ];
    for (const [i, { body, field, shows }] of cases.entries()) {
      const file = writeTmp(dir, `case-${i}.jsonl`, `{"_id": "ok", "text": "fine"}\n${body}\n`);
      await expectInputError(readQueries(file), { file, line: 2, field }, shows);
    }
  });

  it('rejects a duplicate query id, naming both lines', async () => {
    const file = fixture('queries-duplicate.jsonl');
    await expectInputError(
      readQueries(file),
      { file, line: 3, field: '_id' },
      'duplicate query id "q1"',
      'first seen at line 1',
    );
  });
});
