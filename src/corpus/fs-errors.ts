import { InputError, NotFoundError } from '../errors.js';

const BY_CODE: Record<string, (file: string) => Error> = {
  ENOENT: (file) => new NotFoundError(`file not found: ${file}`),
  ENOTDIR: (file) => new NotFoundError(`file not found: ${file}`),
  EISDIR: (file) => new InputError('expected a file but found a folder', { file }),
  EACCES: (file) => new InputError('permission denied', { file }),
};

/**
 * Turns the file-system errors a user can cause (wrong path, a folder where a file belongs) into
 * the project's errors, so the CLI and HTTP edges report them as input problems, not crashes.
 * Anything else is returned unchanged.
 */
export function translateFsError(err: unknown, file: string): unknown {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  const make = code === undefined ? undefined : BY_CODE[code];
  return make ? make(file) : err;
}
