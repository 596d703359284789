import { createReadStream } from 'node:fs';
import { translateFsError } from './fs-errors.js';
import { requireFile } from './path-kind.js';
import { decodeLine, pieceDecoder, startsWithBom } from './utf8.js';

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const BOM = '\uFEFF';

/** One line of a text file: its 1-based number and its text without the line break. */
export interface Line {
  line: number;
  text: string;
}

/**
 * Splits a stream of byte chunks into lines. Splitting happens on bytes, before decoding, so a
 * multi-byte character cut by a chunk boundary is never decoded in halves, and each line is
 * checked for valid UTF-8 on its own (the error can then name the line). A line longer than a
 * chunk is decoded piece by piece as it arrives rather than buffered as bytes. A trailing `\r`
 * is dropped so CRLF files read like LF files; a BOM is dropped only at the very start.
 */
export async function* splitLines(chunks: AsyncIterable<Uint8Array>, file: string): AsyncGenerator<Line> {
  const decodePiece = pieceDecoder(file);
  let pieces: string[] = []; // the decoded start of a line that began in an earlier chunk
  let line = 0;
  for await (const chunk of chunks) {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      line += 1;
      const bytes = chunk.subarray(start, end);
      if (pieces.length === 0) {
        yield toLine(bytes, line, file);
      } else {
        pieces.push(decodePiece(bytes, line, true));
        yield finishLine(pieces.join(''), line);
        pieces = [];
      }
      start = end + 1;
    }
    if (start < chunk.length) pieces.push(decodePiece(chunk.subarray(start), line + 1, false));
  }
  if (pieces.length > 0) {
    pieces.push(decodePiece(new Uint8Array(0), line + 1, true));
    yield finishLine(pieces.join(''), line + 1);
  }
}

/**
 * Streams a file line by line, so corpora larger than memory can be read. Stops reading (and
 * closes the file) as soon as the consumer stops asking. Only regular files are read: a FIFO
 * would wait for a writer forever and a device may never end, so both are InputErrors.
 */
export async function* readLines(file: string): AsyncGenerator<Line> {
  await requireFile(file);
  const stream = createReadStream(file);
  try {
    yield* splitLines(stream, file);
  } catch (err) {
    throw translateFsError(err, file);
  } finally {
    stream.destroy();
  }
}

/** A line that fits in one chunk: BOM and CR dropped as bytes, then decoded in one go. */
function toLine(bytes: Uint8Array, line: number, file: string): Line {
  if (line === 1 && startsWithBom(bytes)) bytes = bytes.subarray(3);
  if (bytes[bytes.length - 1] === CARRIAGE_RETURN) bytes = bytes.subarray(0, -1);
  return { line, text: decodeLine(bytes, file, line) };
}

/** A line decoded in pieces: the same BOM and CR rules, applied to its text (both are one UTF-16 unit). */
function finishLine(text: string, line: number): Line {
  if (line === 1 && text.startsWith(BOM)) text = text.slice(1);
  if (text.endsWith('\r')) text = text.slice(0, -1);
  return { line, text };
}
