import { stat } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** Sibling folder of ready-made BEIR copies on the machines this project runs on. */
export const DEFAULT_SHARED_DIR = '../shared/corpora';

export interface ManualHintInput {
  name: string;
  url: string;
  md5: string | undefined;
  /** Absolute path of the folder the dataset should end up in. */
  target: string;
  /** Folder that may hold a ready-made copy (as given, for the message). */
  sharedDir: string;
}

/**
 * What to do when the address cannot be reached: fetch and unzip by hand, copy any BEIR folder
 * into place, or copy the ready-made one when the shared folder has it. Said in the error itself
 * because an offline user has nothing else to go on.
 */
export async function manualInstallHint(h: ManualHintInput): Promise<string> {
  const shown = displayPath(h.target);
  const check = h.md5 ? ` (md5 ${h.md5})` : '';
  const byHand =
    `To add it by hand, fetch ${h.url}${check} on a machine that can and unzip it so that ${shown}/corpus.jsonl exists, ` +
    `or copy any BEIR folder (corpus.jsonl, queries.jsonl, qrels/) to ${shown}.`;
  const copy = join(h.sharedDir, h.name);
  if (await hasCorpus(copy)) return `${byHand} A copy is already in ${h.sharedDir}: cp -r ${copy} ${shown}`;
  return `${byHand} ${h.sharedDir} may hold a copy of some BEIR sets (none for ${h.name} on this machine).`;
}

/** True when `dir/corpus.jsonl` is a file: enough to say "a copy is here". */
export async function hasCorpus(dir: string): Promise<boolean> {
  try {
    return (await stat(join(dir, 'corpus.jsonl'))).isFile();
  } catch {
    return false;
  }
}

// Relative to the working directory when inside it: shorter, and what the user typed.
function displayPath(abs: string): string {
  const rel = relative(process.cwd(), abs);
  return rel !== '' && !rel.startsWith('..') ? rel : abs;
}
