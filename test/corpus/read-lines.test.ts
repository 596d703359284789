import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src/errors.js';
import { readLines, splitLines } from '../../src/corpus/read-lines.js';
import { collect, expectInputError, tmpDir, writeTmp } from './helpers.js';

describe('readLines', () => {
  it('numbers lines from 1, handles CRLF, keeps empty lines and a last line without newline', async () => {
    const file = writeTmp(tmpDir(), 'a.txt', 'alpha\r\nbeta\n\ngamma');
    expect(await collect(readLines(file))).toEqual([
      { line: 1, text: 'alpha' },
      { line: 2, text: 'beta' },
      { line: 3, text: '' },
      { line: 4, text: 'gamma' },
    ]);
  });

  it('skips a BOM at the start of the file but not a U+FEFF later on', async () => {
    const file = writeTmp(tmpDir(), 'bom.txt', Buffer.from('\uFEFFfirst\n\uFEFFsecond\n', 'utf8'));
    expect(await collect(readLines(file))).toEqual([
      { line: 1, text: 'first' },
      { line: 2, text: '\uFEFFsecond' },
    ]);
  });

  it('rejects invalid UTF-8 naming the file and line, after yielding the good lines before it', async () => {
    const bytes = Buffer.concat([Buffer.from('ok\nfine\n'), Buffer.from([0x62, 0xff, 0x0a]), Buffer.from('after\n')]);
    const file = writeTmp(tmpDir(), 'bad.txt', bytes);
    const seen: string[] = [];
    const reading = (async () => {
      for await (const { text } of readLines(file)) seen.push(text);
    })();
    await expectInputError(reading, { file, line: 3 }, 'not valid UTF-8');
    expect(seen).toEqual(['ok', 'fine']);
  });

  it('rejects a multi-byte character cut short by the line end', async () => {
    const file = writeTmp(tmpDir(), 'cut.txt', Buffer.from([0x63, 0x61, 0x66, 0xc3, 0x0a]));
    await expectInputError(collect(readLines(file)), { file, line: 1 }, 'not valid UTF-8');
  });

  it('throws NotFoundError for a missing file', async () => {
    await expect(collect(readLines('/nonexistent/corpus-test/none.txt'))).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('splitLines', () => {
  it('joins a character split across two chunks before decoding it', async () => {
    async function* chunks() {
      yield Buffer.from([0x63, 0x61, 0x66, 0xc3]); // "caf" + first byte of "é"
      yield Buffer.from([0xa9, 0x0a, 0x6e, 0x6f]); // second byte of "é", "\n", "no"
    }
    expect(await collect(splitLines(chunks(), 'mem'))).toEqual([
      { line: 1, text: 'café' },
      { line: 2, text: 'no' },
    ]);
  });

  it('yields the first line after pulling one chunk, not the whole input', async () => {
    let pulled = 0;
    async function* chunks() {
      for (let i = 0; i < 100; i++) {
        pulled += 1;
        yield Buffer.from(`line ${i}\n`);
      }
    }
    const lines = splitLines(chunks(), 'mem');
    const first = await lines.next();
    expect(first.value).toEqual({ line: 1, text: 'line 0' });
    expect(pulled).toBe(1);
    await lines.return(undefined);
  });
});
