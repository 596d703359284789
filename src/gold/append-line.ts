import { appendWhole, openForAppend } from '../corpus/append-whole.js';
import { fileEnd } from '../corpus/ends-with-newline.js';

/**
 * Appends one line to `file` so that several processes can do it at once safely: the file is
 * opened with O_APPEND and never through a symbolic link (openForAppend), the whole line goes
 * out in ONE write call (two writes could be split by another process's line), and the data is
 * fsynced before returning (a recorded judgement survives a crash, and one the disk could not
 * take is an error, never acknowledged). A write that fails or comes up short (a full disk) is
 * cut back off the file, so nothing torn is left (appendWhole: callers hold the file's lock). If
 * the file does not end in a newline (a hand edit), a newline is put in front of the line in
 * that same write so the two never merge; racing writers may then leave a blank line, which
 * readers skip.
 */
export async function appendLine(file: string, line: string): Promise<void> {
  const handle = await openForAppend(file);
  try {
    const end = await fileEnd(handle);
    const bytes = Buffer.from(`${end.endsWithNewline ? '' : '\n'}${line}\n`, 'utf8');
    await appendWhole(handle, file, bytes, end.size, { sync: true });
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
