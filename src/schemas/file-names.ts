/**
 * The longest name a user gives that becomes a file or folder name (an experiment's
 * results/NAME, a retriever's runs/NAME.trec, a downloaded dataset's folder), the same bound as
 * index names (index-names.ts). File systems refuse a name over 255 bytes (ENAMETOOLONG), and a
 * run file's name joins a retriever's name with the grid's other parts, so names are checked
 * against a bound well under it when they are submitted, not when a file is first written.
 */
export const MAX_NAME_CHARS = 128;

/** The longest file name most file systems take (ext4, APFS, NTFS: 255 bytes). */
export const MAX_FILE_NAME_BYTES = 255;

/** The message for a name over MAX_NAME_CHARS. */
export function nameTooLong(what: string, length: number): string {
  return `${what} is ${length} characters long; at most ${MAX_NAME_CHARS} (it becomes a file name)`;
}
