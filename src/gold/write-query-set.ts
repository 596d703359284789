import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { translateFsError } from '../corpus/fs-errors.js';
import { statPath, wrongKind } from '../corpus/path-kind.js';
import { ConflictError } from '../errors.js';

/** A query to write, with its judged documents. */
export interface QuerySetEntry {
  id: string;
  text: string;
  docs: ReadonlyMap<string, number>;
  /** Written into `metadata` after `source` (a generated question's style, model and prompt hash). */
  metadata?: Readonly<Record<string, unknown>>;
}

/** The two files a BEIR query set is. */
export interface QuerySetFiles {
  queries: string;
  qrels: string;
}

/**
 * Writes queries and judgements as a BEIR query set (DIR/queries.jsonl, DIR/qrels/test.tsv),
 * every query tagged with `metadata.source`, so experiments can slice by where gold came from.
 * Both files are written in full and flushed beside their targets before either is renamed
 * into place: a failure leaves the folder as it was. A new folder is built whole under a temp
 * name and renamed. Existing files are replaced only with `force`, since a gold set often holds
 * judgements added by hand since.
 */
export async function writeQuerySet(
  dir: string,
  entries: readonly QuerySetEntry[],
  source: string,
  force = false,
): Promise<QuerySetFiles> {
  const files = querySetFiles(dir);
  const queries = entries.map(
    (q) => JSON.stringify({ _id: q.id, text: q.text, metadata: { source, ...q.metadata } }) + '\n',
  );
  const qrels = ['query-id\tcorpus-id\tscore\n'];
  for (const q of entries) for (const [doc, grade] of q.docs) qrels.push(`${q.id}\t${doc}\t${grade}\n`);
  const info = await statPath(dir);
  if (info === undefined) {
    await writeNewFolder(dir, queries.join(''), qrels.join(''));
    return files;
  }
  if (!info.isDirectory()) throw wrongKind(dir, info, 'folder');
  if (!force) await refuseExistingQuerySet(dir);
  await mkdir(path.dirname(files.qrels), { recursive: true }).catch((err: unknown) => {
    throw translateFsError(err, path.dirname(files.qrels));
  });
  const staged: string[] = [];
  try {
    staged.push(await stage(files.queries, queries.join('')));
    staged.push(await stage(files.qrels, qrels.join('')));
    await rename(staged[0]!, files.queries);
    await rename(staged[1]!, files.qrels);
  } catch (err) {
    await Promise.all(staged.map((temp) => unlink(temp).catch(() => undefined)));
    throw translateFsError(err, dir);
  }
  return files;
}

/** The two files of DIR's query set. */
export function querySetFiles(dir: string): QuerySetFiles {
  return { queries: path.join(dir, 'queries.jsonl'), qrels: path.join(dir, 'qrels', 'test.tsv') };
}

/**
 * Throws when DIR already holds a query set file. Called by writeQuerySet, and by a caller that
 * pays for what it writes (gold generate) before it pays: refusing at the end would waste it.
 */
export async function refuseExistingQuerySet(dir: string): Promise<void> {
  const info = await statPath(dir);
  if (info === undefined) return;
  if (!info.isDirectory()) throw wrongKind(dir, info, 'folder');
  const files = querySetFiles(dir);
  for (const file of [files.queries, files.qrels])
    if ((await statPath(file)) !== undefined)
      throw new ConflictError(`${file} already exists; left it alone (use --force to replace it)`);
}

async function writeNewFolder(dir: string, queries: string, qrels: string): Promise<void> {
  const temp = `${dir}.${randomUUID()}.tmp`;
  try {
    await mkdir(path.join(temp, 'qrels'), { recursive: true });
    await writeSynced(path.join(temp, 'queries.jsonl'), queries);
    await writeSynced(path.join(temp, 'qrels', 'test.tsv'), qrels);
    await rename(temp, dir);
  } catch (err) {
    await rm(temp, { recursive: true, force: true });
    throw translateFsError(err, dir);
  }
}

async function stage(file: string, text: string): Promise<string> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
  await writeSynced(temp, text);
  return temp;
}

async function writeSynced(file: string, text: string): Promise<void> {
  const handle = await open(file, 'wx', 0o644);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}
