import { stat } from 'node:fs/promises';
import path from 'node:path';

/** The queries and corpus files of the BEIR folder a qrels file belongs to. */
export interface BeirSiblings {
  queries: string;
  corpus: string;
}

/**
 * Finds the BEIR folder around a qrels file: `<dir>/qrels/<split>.tsv` with `<dir>/queries.jsonl`
 * and `<dir>/corpus.jsonl` beside the qrels folder. Undefined for qrels that stand alone (a
 * TREC file, a folder corpus), whose ids then cannot be checked.
 */
export async function beirSiblings(qrelsFile: string): Promise<BeirSiblings | undefined> {
  const qrelsDir = path.dirname(path.resolve(qrelsFile));
  if (path.basename(qrelsDir) !== 'qrels') return undefined;
  const dir = path.dirname(qrelsDir);
  const siblings = { queries: path.join(dir, 'queries.jsonl'), corpus: path.join(dir, 'corpus.jsonl') };
  const [queries, corpus] = await Promise.all([isFile(siblings.queries), isFile(siblings.corpus)]);
  return queries && corpus ? siblings : undefined;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
