import { InputError } from '../errors.js';

/**
 * The refusal of a run file with no line, one message for every command that reads runs
 * (`pool`, `fuse`, `tune`): such a run is usually a failed export, and taken silently it would
 * count as a system that ranks nothing. `verb` is what --allow-empty would do with it ("fuse").
 */
export function emptyRunError(file: string, verb: string): InputError {
  return new InputError(`the run is empty (no lines): check the file, or give --allow-empty to ${verb} it anyway`, {
    file,
  });
}
