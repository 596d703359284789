/** File-name-safe form of a configuration (cell) name: its run file is `runs/<fileSafe(name)>.trec`. */
export function fileSafe(name: string): string {
  return name.replace(/[^A-Za-z0-9_.+-]+/g, '_');
}
