import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRecordFile } from '../../src/traffic/record-file.js';
import { tmpDir } from '../helpers/tmp.js';
import { inputError } from '../helpers/input-error.js';

/**
 * Query logs are read line by line (issue 40, item 9): a 587 MB log read as one text failed with
 * "not valid UTF-8" when the real cause was V8's longest string. A runaway line is refused at its
 * line; a line a crash or a full disk cut short (not JSON, or not UTF-8) is skipped and named
 * wherever it is (item 4); the other formats read as before.
 */
const dir = tmpDir('testbed-record-lines-');
const file = (name: string, content: string | Buffer) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, content);
  return p;
};

describe('readRecordFile reads JSON Lines line by line', () => {
  it('refuses a line over 16 MiB at its file:line, even when it is valid JSON', async () => {
    // Line 2 is one valid JSON object of 17 MiB: no log line is that long.
    const big = `{"query_id":"q2","user_query":"${'x'.repeat(17 * 2 ** 20)}"}`;
    const log = file('big.jsonl', `{"query_id":"q1","user_query":"a"}\n${big}\n{"query_id":"q3"}\n`);
    const error = await inputError(readRecordFile(log));
    expect(error.where).toEqual({ file: log, line: 2 });
    expect(error.message).toBe(
      `${log}:2: line longer than 16777216 bytes: not a line of this format (is it the right file?)`,
    );
  });

  it('skips and names a line of bytes that are not UTF-8, reading the lines after it', async () => {
    // Line 3 holds a lone 0xE9 (Latin-1 é, or the first byte of a character a full disk cut).
    const log = file(
      'latin1.jsonl',
      Buffer.concat([Buffer.from('{"a":1}\n\n{"b":"'), Buffer.from([0xe9]), Buffer.from('"}\n{"c":3}\n')]),
    );
    expect(await readRecordFile(log)).toEqual({
      file: log,
      format: 'jsonl',
      records: [
        { line: 1, value: { a: 1 } },
        { line: 4, value: { c: 3 } },
      ],
      torn: [{ line: 3, what: 'cut short: not valid UTF-8' }],
    });
  });

  it('skips a bad line longer than one read chunk and starts the next line with a fresh decoder', async () => {
    // 200 KiB on line 2 arrive in several 64 KiB chunks; its last byte opens a 3-byte character
    // that the line break cuts. Line 3 must read whole, not as the rest of that character.
    const long = Buffer.concat([Buffer.from(`{"q":"${'x'.repeat(200 * 1024)}`), Buffer.from([0xe2, 0x82])]);
    const log = file('long-bad.jsonl', Buffer.concat([Buffer.from('{"a":1}\n'), long, Buffer.from('\n{"c":3}\n')]));
    const read = await readRecordFile(log);
    expect(read.records).toEqual([
      { line: 1, value: { a: 1 } },
      { line: 3, value: { c: 3 } },
    ]);
    expect(read.torn).toEqual([{ line: 2, what: 'cut short: not valid UTF-8' }]);
  });

  it('gives each record its line, skips blank lines and a BOM, and counts a cut-short last line', async () => {
    const log = file('log.jsonl', '\uFEFF{"a":1}\r\n\n  \n{"b":2}\n{"c":');
    expect(await readRecordFile(log)).toEqual({
      file: log,
      format: 'jsonl',
      records: [
        { line: 1, value: { a: 1 } },
        { line: 4, value: { b: 2 } },
      ],
      torn: [{ line: 5, what: 'cut short: {"c":' }],
    });
  });

  it('skips and names a line that is not JSON even with a line break after it: the next write starts a new line', async () => {
    const log = file('bad.jsonl', '{"a":1}\n{"b":\n{"c":3}\n');
    const read = await readRecordFile(log);
    expect(read.records.map((r) => r.line)).toEqual([1, 3]);
    expect(read.torn).toEqual([{ line: 2, what: 'cut short: {"b":' }]);
  });

  it('still reads an OpenSearch response on one line or over many, and a JSON array', async () => {
    const response = { took: 1, hits: { hits: [{ _source: { a: 1 } }, { _source: { b: 2 } }] } };
    const hits = [
      { line: 1, value: { _source: { a: 1 } } },
      { line: 2, value: { _source: { b: 2 } } },
    ];
    for (const text of [JSON.stringify(response) + '\n', JSON.stringify(response, null, 2)]) {
      const f = file('response.json', text);
      expect(await readRecordFile(f)).toEqual({ file: f, format: 'opensearch-response', records: hits, torn: [] });
    }
    const array = file('array.json', '[{"a":1},\n{"b":2}]');
    expect((await readRecordFile(array)).records).toEqual([
      { line: 1, value: { a: 1 } },
      { line: 2, value: { b: 2 } },
    ]);
  });
});
