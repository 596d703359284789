import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** What a downloaded folder must hold to count as BEIR. */
export interface BeirLayout {
  /** qrels/<split>.tsv must exist too when set (the split the dataset is evaluated on). */
  split?: string;
  /** Sub-folders that are each a BEIR folder (cqadupstack), instead of one at the top. */
  parts?: readonly string[];
}

// Archive tools leave these beside the real content; they are never the dataset.
const JUNK = new Set(['__MACOSX', '.DS_Store']);

/**
 * The folder inside a freshly extracted archive that holds the dataset. BEIR zips wrap
 * everything in one top-level `<name>/` folder; other zips are flat. So: the folder itself when
 * it has corpus.jsonl, else its only sub-folder when there is exactly one, else the folder.
 */
export async function datasetRoot(extracted: string): Promise<string> {
  const entries = (await readdir(extracted, { withFileTypes: true })).filter((e) => !JUNK.has(e.name));
  if (entries.some((e) => e.name === 'corpus.jsonl')) return extracted;
  const only = entries.length === 1 ? entries[0] : undefined;
  return only?.isDirectory() ? join(extracted, only.name) : extracted;
}

/**
 * Lists what is missing for `dir` to be a BEIR folder: corpus.jsonl, queries.jsonl and a qrels/
 * folder with at least one .tsv (plus qrels/<split>.tsv when a split is named), checked in each
 * part when the layout has parts. Paths are relative to `dir`; empty means the layout is right.
 */
export async function missingBeirFiles(dir: string, layout: BeirLayout = {}): Promise<string[]> {
  if (layout.parts) {
    const missing: string[] = [];
    for (const part of layout.parts) {
      for (const m of await missingBeirFiles(join(dir, part), { split: layout.split })) missing.push(`${part}/${m}`);
    }
    return missing;
  }
  const missing: string[] = [];
  for (const file of ['corpus.jsonl', 'queries.jsonl']) {
    if (!(await isFile(join(dir, file)))) missing.push(file);
  }
  const qrels = await tsvFiles(join(dir, 'qrels'));
  if (qrels === undefined || qrels.length === 0) missing.push('qrels/*.tsv');
  else if (layout.split !== undefined && !qrels.includes(`${layout.split}.tsv`))
    missing.push(`qrels/${layout.split}.tsv`);
  return missing;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function tsvFiles(dir: string): Promise<string[] | undefined> {
  try {
    return (await readdir(dir)).filter((name) => name.endsWith('.tsv'));
  } catch {
    return undefined;
  }
}
