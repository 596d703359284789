import type { FileHandle } from 'node:fs/promises';

const NEWLINE = 0x0a;

/**
 * Whether the open file is empty or ends with a newline. Line-appending writers (the gold
 * additions, the server's query log) ask before each append: a file that does not (a hand edit,
 * or a writer killed mid-line) gets a newline in front of the next line, so the two never merge.
 */
export async function endsWithNewline(handle: FileHandle): Promise<boolean> {
  const { size } = await handle.stat();
  if (size === 0) return true;
  const last = Buffer.alloc(1);
  await handle.read(last, 0, 1, size - 1);
  return last[0] === NEWLINE;
}
