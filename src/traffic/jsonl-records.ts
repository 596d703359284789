import { open } from 'node:fs/promises';
import { translateFsError } from '../corpus/fs-errors.js';
import { readLines } from '../corpus/read-lines.js';
import { InputError } from '../errors.js';

/**
 * The longest log line read, in bytes. A logged search with its hits and headers takes a few
 * kilobytes; a line of many megabytes is not a log line (or is a file without line breaks) and
 * is refused at its line before it is held whole, rather than grow into a string V8 cannot make.
 */
export const MAX_LOG_LINE_BYTES = 16 * 2 ** 20;

/** What a file is at first sight: its size, its first non-blank byte, and whether it ends with a line break. */
export interface FileStart {
  size: number;
  /** The first byte that is not white space, within the first 64 KiB (undefined: none there). */
  first: string | undefined;
  endsWithNewline: boolean;
}

const PEEK_BYTES = 64 * 1024;

/** Reads the first 64 KiB and the last byte of a file: enough to choose how to read it. */
export async function fileStart(file: string): Promise<FileStart> {
  const handle = await open(file).catch((err: unknown) => {
    throw translateFsError(err, file);
  });
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(PEEK_BYTES, size));
    await handle.read(head, 0, head.length, 0);
    const last = Buffer.alloc(1);
    if (size > 0) await handle.read(last, 0, 1, size - 1);
    // Skip a BOM (EF BB BF) and ASCII white space.
    const text = head.toString('latin1').replace(/^\u00ef\u00bb\u00bf/, '');
    const first = /\S/.exec(text)?.[0];
    return { size, first, endsWithNewline: size > 0 && last[0] === 0x0a };
  } finally {
    await handle.close();
  }
}

/** JSON Lines read line by line: its records, and its last line if a crash cut it short. */
export interface JsonlRecords {
  /** Each parsed line with its 1-based number (record-file.ts's RawRecord). */
  records: { line: number; value: unknown }[];
  truncated?: { line: number; what: string };
}

/**
 * Reads a JSON Lines file one line at a time, so its size is bounded by what its records hold,
 * not by the longest string V8 can make (a 587 MB log read as one text failed there). A line
 * over MAX_LOG_LINE_BYTES, bytes that are not UTF-8 and malformed JSON are InputErrors naming
 * the file and line, except a last line with no line break after it, which is returned as
 * `truncated`: what a writer killed mid-line leaves. With `wholeIfFirstFails`, a first non-blank
 * line that is not JSON by itself gives undefined instead (the file may be one JSON document
 * spread over lines, for the caller to read whole).
 */
export async function readJsonlRecords(
  file: string,
  start: FileStart,
  wholeIfFirstFails: boolean,
): Promise<JsonlRecords | undefined> {
  const records: JsonlRecords['records'] = [];
  let truncated: JsonlRecords['truncated'];
  let seen = false;
  for await (const { line, text, end } of readLines(file, { maxLineBytes: MAX_LOG_LINE_BYTES, offsets: true })) {
    if (text.trim() === '') continue;
    try {
      records.push({ line, value: JSON.parse(text) });
    } catch (err) {
      if (!seen && wholeIfFirstFails) return undefined;
      // Only the very last line can be a crash's leftover: it has no line break after it.
      if (end === start.size && !start.endsWithNewline) truncated = { line, what: `cut short: ${shorten(text)}` };
      else throw new InputError(`malformed JSON: ${(err as Error).message}`, { file, line });
    }
    seen = true;
  }
  return { records, ...(truncated && { truncated }) };
}

function shorten(text: string): string {
  return text.length <= 60 ? text : `${text.slice(0, 59)}…`;
}
