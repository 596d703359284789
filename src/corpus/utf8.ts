import { InputError } from '../errors.js';

const NEWLINE = 0x0a;
const BOM_BYTES = [0xef, 0xbb, 0xbf] as const;

// fatal: a silent U+FFFD would corrupt ids and shift nothing visibly, so bad bytes must fail loudly.
// ignoreBOM: a U+FEFF is only dropped at the start of a file, which the callers decide, not the decoder.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** True if the bytes open with a UTF-8 byte order mark, which editors on Windows like to add. */
export function startsWithBom(bytes: Uint8Array): boolean {
  return BOM_BYTES.every((b, i) => bytes[i] === b);
}

/** Decodes the bytes of one line, throwing an InputError that names the file and line if they are not UTF-8. */
export function decodeLine(bytes: Uint8Array, file: string, line: number): string {
  try {
    return decoder.decode(bytes);
  } catch {
    throw new InputError('not valid UTF-8', { file, line });
  }
}

/**
 * Decodes a line that arrives in pieces (a line longer than one read), piece by piece, so its
 * bytes need not be kept and joined before decoding: a 50 MB line then costs its text, not its
 * bytes twice over as well. A character split between pieces is carried over by the decoder.
 * Returns the function to call with each piece; `last` ends the line (a character cut short by
 * the end is an error, as with decodeLine).
 */
export function pieceDecoder(file: string): (bytes: Uint8Array, line: number, last: boolean) => string {
  const streaming = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  return (bytes, line, last) => {
    try {
      return streaming.decode(bytes, { stream: !last });
    } catch {
      throw new InputError('not valid UTF-8', { file, line });
    }
  };
}

/**
 * Decodes a whole file, dropping a leading BOM. On bad bytes it finds the offending line so the
 * error points somewhere a user can look, not just at the file.
 */
export function decodeFile(bytes: Uint8Array, file: string): string {
  const body = startsWithBom(bytes) ? bytes.subarray(BOM_BYTES.length) : bytes;
  try {
    return decoder.decode(body);
  } catch {
    throw new InputError('not valid UTF-8', { file, line: firstBadLine(bytes) });
  }
}

function firstBadLine(bytes: Uint8Array): number {
  // 0x0A never occurs inside a multi-byte UTF-8 sequence, so splitting bytes on it is safe.
  let start = 0;
  for (let line = 1; ; line++) {
    const end = bytes.indexOf(NEWLINE, start);
    const stop = end === -1 ? bytes.length : end;
    try {
      decoder.decode(bytes.subarray(start, stop));
    } catch {
      return line;
    }
    if (end === -1) return line;
    start = end + 1;
  }
}
