import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitLines } from '../../src/corpus/read-lines.js';
import { InputError } from '../../src/errors.js';
import { collect } from './helpers.js';

/** The bytes cut at the given offsets, as a read stream would deliver them. */
async function* cut(bytes: Uint8Array, cuts: number[]) {
  let from = 0;
  for (const at of [...new Set(cuts)].sort((a, b) => a - b)) {
    if (at > from && at < bytes.length) {
      yield bytes.subarray(from, at);
      from = at;
    }
  }
  yield bytes.subarray(from);
}

/** The naive oracle: decode everything, split on \n, drop the first line's BOM and each line's trailing \r. */
function oracle(text: string): { line: number; text: string }[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop(); // a final newline ends the last line, it opens none
  return lines.map((t, i) => {
    const unmarked = i === 0 && t.startsWith('\uFEFF') ? t.slice(1) : t;
    return { line: i + 1, text: unmarked.endsWith('\r') ? unmarked.slice(0, -1) : unmarked };
  });
}

describe('splitLines on lines longer than a chunk (decoded piece by piece)', () => {
  const piece = fc.constantFrom('a', 'é', '中', '𝐀', '\n', '\r\n', '\r', '\uFEFF', ' ');
  it('gives the same lines as decoding the whole input at once, however the bytes are cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: piece, maxLength: 60 }),
        fc.array(fc.nat(300), { maxLength: 20 }),
        async (text, cuts) => {
          const bytes = new TextEncoder().encode(text);
          expect(await collect(splitLines(cut(bytes, cuts), 'mem'))).toEqual(oracle(text));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('names the line of bad bytes inside a line spread over several chunks', async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('ok\nlong'),
      0xff,
      ...new TextEncoder().encode('line\n'),
    ]);
    const err = await collect(splitLines(cut(bytes, [4, 5, 6, 8, 9]), 'mem')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toBe('mem:2: not valid UTF-8');
  });

  it('rejects a character cut short by the end of input when the line came in pieces', async () => {
    const bytes = new Uint8Array([0x61, 0x62, 0xe4, 0xb8]); // "ab" + two of the three bytes of 中
    const err = await collect(splitLines(cut(bytes, [1, 3]), 'mem')).catch((e: unknown) => e);
    expect((err as InputError).message).toBe('mem:1: not valid UTF-8');
  });
});
