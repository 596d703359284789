import { InputError, NotFoundError } from '../errors.js';

const BY_CODE: Record<string, (file: string) => Error> = {
  ENOENT: (file) => new NotFoundError(`file not found: ${file}`),
  ENOTDIR: (file) => new NotFoundError(`file not found: ${file}`),
  EISDIR: (file) => new InputError('expected a file but found a folder', { file }),
  EACCES: (file) => new InputError('permission denied', { file }),
  EPERM: (file) => new InputError('permission denied', { file }),
  // A link that points at itself, or two that point at each other: the OS gives up after ~40 hops.
  ELOOP: (file) => new InputError('too many levels of symbolic links (a symbolic link loop)', { file }),
  ENAMETOOLONG: (file) => new InputError('file name too long', { file }),
};

/**
 * Turns the file-system errors a user can cause (wrong path, a folder where a file belongs, a
 * symlink loop, missing permissions) into the project's errors, so the CLI and HTTP edges report
 * them as input problems naming the file, not as crashes with a stack trace. Anything else is
 * returned unchanged.
 */
export function translateFsError(err: unknown, file: string): unknown {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  const make = code === undefined ? undefined : BY_CODE[code];
  return make ? make(file) : err;
}
