import fs from 'node:fs';
import path from 'node:path';
import { INDEX_EXTENSION } from '../schemas/index-names.js';
import { InputError } from '../errors.js';

/** Where index files and corpora live by default (`testbed serve`, npm start), from the working folder. */
export interface ProjectDirs {
  dataDir: string;
  corporaRoot: string;
}

export const DEFAULT_DIRS: ProjectDirs = { dataDir: 'data', corporaRoot: 'corpora' };

/**
 * The INDEX argument of search and retrieve: the file as given when it is one. Otherwise a name
 * as the server knows it (`demo`) or a mistyped path is answered with the index file it likely
 * means (`data/demo.sqlite`), or, for a bare name with no such file, the command that builds one.
 * Any other missing path is left to the index reader, which says it is not found.
 */
export function indexFileArgument(arg: string, dirs: ProjectDirs = DEFAULT_DIRS): string {
  if (isFile(arg)) return arg;
  const name = path.basename(arg, INDEX_EXTENSION);
  const guess = path.join(dirs.dataDir, name + INDEX_EXTENSION);
  if (isFile(guess) && path.resolve(guess) !== path.resolve(arg))
    throw new InputError(`no index file "${arg}"; did you mean ${guess}?`);
  const bareName = arg === path.basename(arg) && path.extname(arg) === '';
  if (!bareName) return arg;
  const corpus = path.join(dirs.corporaRoot, name);
  const build = fs.existsSync(corpus)
    ? `testbed index ${corpus} --out ${guess}`
    : `testbed index CORPUS --out ${guess} (CORPUS: a BEIR folder, a folder of .md/.txt files, or a .jsonl file)`;
  throw new InputError(`no index file "${arg}", nor ${guess}; build one with: ${build}`);
}

function isFile(p: string): boolean {
  return fs.statSync(p, { throwIfNoEntry: false })?.isFile() ?? false;
}
