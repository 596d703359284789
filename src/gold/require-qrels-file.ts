import { stat } from 'node:fs/promises';
import { translateFsError } from '../corpus/fs-errors.js';
import { InputError, NotFoundError } from '../errors.js';

/** Refuses a qrels path that is missing (NotFoundError) or a folder (InputError). */
export async function requireQrelsFile(qrelsFile: string): Promise<void> {
  let isFile: boolean;
  try {
    isFile = (await stat(qrelsFile)).isFile();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new NotFoundError(`qrels file not found: ${qrelsFile}`);
    throw translateFsError(err, qrelsFile);
  }
  if (!isFile) throw new InputError('expected a qrels file but found a folder', { file: qrelsFile });
}
