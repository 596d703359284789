import { InputError } from '../../errors.js';

/**
 * Turns a zip entry name into a relative path that stays inside the extraction folder, or throws.
 * Refuses "zip slip" names: absolute paths (`/etc/x`, `C:\x`, `\\host\x`) and any `..` segment,
 * so a hostile archive cannot write beside or above the folder it is unpacked into. Backslashes
 * count as separators because some Windows zip tools write them.
 */
export function safeEntryPath(name: string): string {
  const refuse = (why: string): never => {
    throw new InputError(`refusing zip entry ${JSON.stringify(name)}: ${why}`);
  };
  if (name.includes('\0')) refuse('the name holds a NUL byte');
  const slashed = name.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[A-Za-z]:/.test(slashed))
    refuse('an absolute path would land outside the target folder');
  const parts = slashed.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) refuse('a ".." segment would land outside the target folder');
  if (parts.length === 0) refuse('the name is empty');
  return parts.join('/');
}
