import { createReadStream } from 'node:fs';
import { translateFsError } from './fs-errors.js';
import { decodeLine, startsWithBom } from './utf8.js';

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** One line of a text file: its 1-based number and its text without the line break. */
export interface Line {
  line: number;
  text: string;
}

/**
 * Splits a stream of byte chunks into lines. Splitting happens on bytes, before decoding, so a
 * multi-byte character cut by a chunk boundary is never decoded in halves, and each line is
 * checked for valid UTF-8 on its own (the error can then name the line). A trailing `\r` is
 * dropped so CRLF files read like LF files; a BOM is dropped only at the very start.
 */
export async function* splitLines(chunks: AsyncIterable<Uint8Array>, file: string): AsyncGenerator<Line> {
  let pending: Uint8Array[] = [];
  let line = 0;
  for await (const chunk of chunks) {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      pending.push(chunk.subarray(start, end));
      line += 1;
      yield toLine(pending, line, file);
      pending = [];
      start = end + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length > 0) yield toLine(pending, line + 1, file);
}

/**
 * Streams a file line by line, so corpora larger than memory can be read. Stops reading (and
 * closes the file) as soon as the consumer stops asking.
 */
export async function* readLines(file: string): AsyncGenerator<Line> {
  const stream = createReadStream(file);
  try {
    yield* splitLines(stream, file);
  } catch (err) {
    throw translateFsError(err, file);
  } finally {
    stream.destroy();
  }
}

function toLine(parts: Uint8Array[], line: number, file: string): Line {
  let bytes = parts.length === 1 && parts[0] ? parts[0] : Buffer.concat(parts);
  if (line === 1 && startsWithBom(bytes)) bytes = bytes.subarray(3);
  if (bytes[bytes.length - 1] === CARRIAGE_RETURN) bytes = bytes.subarray(0, -1);
  return { line, text: decodeLine(bytes, file, line) };
}
