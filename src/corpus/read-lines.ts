import { createReadStream } from 'node:fs';
import { InputError } from '../errors.js';
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
  /**
   * With LineOptions.offsets only: the byte offset just past the line's break (or the end of the
   * file), where the next line starts.
   */
  end?: number;
  /** With LineOptions.markBadUtf8 only: the line's bytes are not UTF-8 (its text is then empty). */
  badUtf8?: boolean;
}

/** Where to read and how long a line may be. */
export interface LineOptions {
  /**
   * The longest line accepted, in bytes without its break; a longer one is an InputError naming
   * the file and line, raised before the line is held whole. Without it a line is read however
   * long it is, up to the engine's longest string, where the text would be lost to an opaque error.
   */
  maxLineBytes?: number;
  /** Byte offset to start at, at the start of a line (default 0: the whole file). */
  start?: number;
  /** Byte offset to stop before (default: the end of the file). */
  end?: number;
  /** The number of the line at `start` (default 1), so errors in a range still name the file's line. */
  firstLine?: number;
  /** Give each line its `end` offset, for a reader that comes back to a part of the file. */
  offsets?: boolean;
  /**
   * Yield a line that is not UTF-8 marked `badUtf8` instead of ending the read with an
   * InputError: for logs, where a write cut mid-character leaves one such line among whole ones.
   */
  markBadUtf8?: boolean;
}

/**
 * Splits a stream of byte chunks into lines. Splitting happens on bytes, before decoding, so a
 * multi-byte character cut by a chunk boundary is never decoded in halves, and each line is
 * checked for valid UTF-8 on its own (the error can then name the line). A line longer than a
 * chunk is decoded piece by piece as it arrives rather than buffered as bytes. A trailing `\r`
 * is dropped so CRLF files read like LF files; a BOM is dropped only at the very start.
 */
export async function* splitLines(
  chunks: AsyncIterable<Uint8Array>,
  file: string,
  options: LineOptions = {},
): AsyncGenerator<Line> {
  let decodePiece = pieceDecoder(file);
  const limit = options.maxLineBytes ?? Number.POSITIVE_INFINITY;
  let pieces: string[] = []; // the decoded start of a line that began in an earlier chunk
  let pieceBytes = 0; // how many bytes those pieces came from
  let bad = false; // with markBadUtf8: the line in pieces holds bytes that are not UTF-8
  let line = (options.firstLine ?? 1) - 1;
  let offset = options.start ?? 0; // byte offset of the current chunk's first byte
  const at = (line: Line, end: number): Line => (options.offsets ? { ...line, end } : line);
  const tooLong = (at: number) =>
    new InputError(`line longer than ${limit} bytes: not a line of this format (is it the right file?)`, {
      file,
      line: at,
    });
  // Without markBadUtf8 the decoders throw; with it, a bad line is marked and a fresh decoder
  // starts the next one, so no half character is carried over from the bad line.
  const whole = (bytes: Uint8Array, n: number): Line => {
    if (!options.markBadUtf8) return toLine(bytes, n, file);
    try {
      return toLine(bytes, n, file);
    } catch {
      return { line: n, text: '', badUtf8: true };
    }
  };
  const piece = (bytes: Uint8Array, n: number, last: boolean): string => {
    if (bad) return '';
    if (!options.markBadUtf8) return decodePiece(bytes, n, last);
    try {
      return decodePiece(bytes, n, last);
    } catch {
      bad = true;
      decodePiece = pieceDecoder(file);
      return '';
    }
  };
  const finished = (n: number): Line => {
    const done = bad ? { line: n, text: '', badUtf8: true } : finishLine(pieces.join(''), n);
    pieces = [];
    pieceBytes = 0;
    bad = false;
    return done;
  };
  for await (const chunk of chunks) {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      line += 1;
      const bytes = chunk.subarray(start, end);
      if (pieceBytes + bytes.length > limit) throw tooLong(line);
      if (pieces.length === 0 && !bad) {
        yield at(whole(bytes, line), offset + end + 1);
      } else {
        pieces.push(piece(bytes, line, true));
        yield at(finished(line), offset + end + 1);
      }
      start = end + 1;
    }
    if (start < chunk.length) {
      pieceBytes += chunk.length - start;
      if (pieceBytes > limit) throw tooLong(line + 1);
      pieces.push(piece(chunk.subarray(start), line + 1, false));
    }
    offset += chunk.length;
  }
  if (pieces.length > 0 || bad) {
    pieces.push(piece(new Uint8Array(0), line + 1, true));
    yield at(finished(line + 1), offset);
  }
}

/**
 * Streams a file line by line, so corpora larger than memory can be read. Stops reading (and
 * closes the file) as soon as the consumer stops asking. Only regular files are read: a FIFO
 * would wait for a writer forever and a device may never end, so both are InputErrors.
 */
export async function* readLines(file: string, options: LineOptions = {}): AsyncGenerator<Line> {
  await requireFile(file);
  // createReadStream's `end` is inclusive; LineOptions' is exclusive, like a slice.
  const stream = createReadStream(file, {
    start: options.start ?? 0,
    ...(options.end !== undefined && { end: options.end - 1 }),
  });
  try {
    yield* splitLines(stream, file, options);
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
