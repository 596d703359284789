import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { InputError, NotFoundError } from '../errors.js';
import { isKind, statPath, wrongKind, type WantedKind } from './path-kind.js';

/** Absolute paths of the three files of one BEIR split. */
export interface BeirPaths {
  corpus: string;
  queries: string;
  qrels: string;
}

const SPLIT_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

/**
 * Locates corpus.jsonl, queries.jsonl and qrels/<split>.tsv in a BEIR folder, checking they
 * exist up front so a run fails before indexing rather than after. The error lists every missing
 * file, and the splits that do exist when the asked-for one does not. Something that is there but
 * of the wrong kind (a folder named corpus.jsonl, a file named qrels, a symlink loop) is an
 * InputError naming it, not "missing".
 */
export async function beirPaths(dir: string, split = 'test'): Promise<BeirPaths> {
  if (!SPLIT_NAME.test(split)) {
    throw new InputError(`expected a split name like "test" or "dev", got ${JSON.stringify(split)}`, {
      field: 'split',
    });
  }
  const root = resolve(dir);
  if (!(await present(root, 'folder'))) throw new NotFoundError(`BEIR folder not found: ${root}`);
  const paths: BeirPaths = {
    corpus: join(root, 'corpus.jsonl'),
    queries: join(root, 'queries.jsonl'),
    qrels: join(root, 'qrels', `${split}.tsv`),
  };
  const missing: string[] = [];
  // qrels/<split>.tsv under a file named qrels would only read as "missing"; name the culprit.
  await present(join(root, 'qrels'), 'folder');
  for (const path of Object.values(paths)) {
    if (!(await present(path, 'file'))) missing.push(path.slice(root.length + 1));
  }
  if (missing.length > 0) {
    const splits = await availableSplits(join(root, 'qrels'));
    const hint = splits.length > 0 ? ` (qrels splits present: ${splits.join(', ')})` : '';
    throw new NotFoundError(`BEIR folder ${root} is missing ${missing.join(', ')}${hint}`);
  }
  return paths;
}

/** False if nothing is at `path`; throws if something of another kind is. */
async function present(path: string, want: WantedKind): Promise<boolean> {
  const info = await statPath(path);
  if (info === undefined) return false;
  if (!isKind(info, want)) throw wrongKind(path, info, want);
  return true;
}

async function availableSplits(qrelsDir: string): Promise<string[]> {
  try {
    const names = await readdir(qrelsDir);
    return names
      .filter((name) => name.endsWith('.tsv'))
      .map((name) => name.slice(0, -'.tsv'.length))
      .sort();
  } catch {
    return [];
  }
}
