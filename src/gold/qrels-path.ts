import path from 'node:path';
import { InputError } from '../errors.js';
import { insideRoot } from '../corpus/inside-root.js';

/**
 * The qrels file a request names, inside the corpora root and a qrels file by its place: a `.tsv`
 * in a folder named `qrels` (BEIR's `DIR/qrels/SPLIT.tsv`, the gold sets the pages offer), read
 * where a link leads. Additions are written beside it, so any other file under the root (a
 * README, a corpus) would get a `.additions.jsonl` beside it: an InputError (400) instead.
 * POST /gold and the MCP judge tool read it alike.
 */
export function qrelsPath(root: string, relative: string): string {
  const file = insideRoot(root, relative, { field: 'qrels', root: 'corpora root', kind: 'file' });
  const name = path.basename(file);
  if (path.basename(path.dirname(file)) !== 'qrels' || !name.endsWith('.tsv') || name === '.tsv')
    throw new InputError(
      `qrels ${JSON.stringify(relative)} is not a qrels file: give a BEIR qrels file (DIR/qrels/SPLIT.tsv) inside the corpora root`,
    );
  return file;
}
