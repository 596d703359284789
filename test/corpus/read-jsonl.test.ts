import { describe, expect, it } from 'vitest';
import { readJsonl } from '../../src/corpus/read-jsonl.js';
import { collect, expectInputError, fixture, tmpDir, writeTmp } from './helpers.js';

describe('readJsonl', () => {
  it('skips blank lines but keeps counting them', async () => {
    const file = writeTmp(tmpDir(), 'a.jsonl', '{"n": 1}\n\n   \n{"n": 2}\n');
    expect(await collect(readJsonl(file))).toEqual([
      { line: 1, value: { n: 1 } },
      { line: 4, value: { n: 2 } },
    ]);
  });

  it('reports malformed JSON with file, line and the parser reason', async () => {
    const file = fixture('bad-json.jsonl');
    // Line 2 is blank, line 3 lacks its closing brace.
    await expectInputError(collect(readJsonl(file)), { file, line: 3 }, /malformed JSON: \S+/);
  });

  it('rejects a line holding an array or a string instead of an object', async () => {
    const dir = tmpDir();
    const arrays = writeTmp(dir, 'array.jsonl', '{"ok": true}\n["a", "b"]\n');
    await expectInputError(collect(readJsonl(arrays)), { file: arrays, line: 2 }, 'got an array');
    const strings = writeTmp(dir, 'string.jsonl', '"just text"\n');
    await expectInputError(collect(readJsonl(strings)), { file: strings, line: 1 }, 'got string "just text"');
  });
});
