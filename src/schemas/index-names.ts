import { InputError } from '../errors.js';

/** Index names map to `<data dir>/<name>.sqlite`: no separators, no dot-dot, nothing hidden. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

export const INDEX_EXTENSION = '.sqlite';

export function checkIndexName(name: string): string {
  if (!NAME.test(name) || name.includes('..')) {
    throw new InputError(
      `invalid index name "${name}": use letters, digits, '.', '_' and '-' (at most 128, not starting with a dot)`,
      { field: 'index' },
    );
  }
  return name;
}
