import type { FileHandle } from 'node:fs/promises';

const NEWLINE = 0x0a;

/** Where an open file ends, for an appender: its size, and whether it ends a line. */
export interface FileEnd {
  size: number;
  /** True for an empty file too: nothing there for the next line to join. */
  endsWithNewline: boolean;
}

/**
 * How the open file ends. Line-appending writers (the gold additions, the server's query log)
 * ask before appending: a file that does not end with a newline (a hand edit, or a writer
 * killed mid-line) gets one in front of the next line, so the two never merge; the size is
 * where the append starts, which a failed append cuts the file back to (append-whole.ts).
 */
export async function fileEnd(handle: FileHandle): Promise<FileEnd> {
  const { size } = await handle.stat();
  if (size === 0) return { size, endsWithNewline: true };
  const last = Buffer.alloc(1);
  await handle.read(last, 0, 1, size - 1);
  return { size, endsWithNewline: last[0] === NEWLINE };
}
