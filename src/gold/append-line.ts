import { endsWithNewline } from '../corpus/ends-with-newline.js';
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { translateFsError } from '../corpus/fs-errors.js';

const APPEND_FLAGS = constants.O_RDWR | constants.O_APPEND | constants.O_CREAT;

/**
 * Appends one line to `file` so that several processes can do it at once safely: the file is
 * opened with O_APPEND (the kernel moves to the end and writes in one step, so no writer
 * overwrites another), the whole line goes out in ONE write call (two writes could be split by
 * another process's line), and the data is fsynced before returning (a recorded judgement
 * survives a crash). If the file does not end in a newline (a hand edit), a newline is put in
 * front of the line in that same write so the two never merge; racing writers may then leave a
 * blank line, which readers skip.
 */
export async function appendLine(file: string, line: string): Promise<void> {
  let handle: FileHandle;
  try {
    handle = await open(file, APPEND_FLAGS, 0o644);
  } catch (err) {
    throw translateFsError(err, file);
  }
  try {
    const prefix = (await endsWithNewline(handle)) ? '' : '\n';
    const bytes = Buffer.from(`${prefix}${line}\n`, 'utf8');
    const { bytesWritten } = await handle.write(bytes, 0, bytes.length);
    // Finishing a short write with a second call could interleave with another writer: fail loudly.
    if (bytesWritten !== bytes.length)
      throw new Error(`short write to ${file}: ${bytesWritten} of ${bytes.length} bytes`);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Appends several lines as ONE write (see appendLine), so that records which belong together,
 * such as the judgements of a question an expert wrote, land all or none: another writer's
 * line can never fall between them, and a failed write leaves none of them behind.
 */
export async function appendLines(file: string, lines: readonly string[]): Promise<void> {
  await appendLine(file, lines.join('\n'));
}
