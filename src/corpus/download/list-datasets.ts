import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { missingBeirFiles } from './beir-layout.js';
import { BEIR_DATASETS, BEIR_NAMES, type BeirDataset, type BeirName } from './datasets.js';
import { downloadFiles } from './fetch-verified.js';
import { DEFAULT_SHARED_DIR, hasCorpus } from './manual-hint.js';

/** One registry dataset and what this machine already holds of it. */
export interface DatasetStatus {
  name: BeirName;
  dataset: BeirDataset;
  /** `<dir>/<name>` is a complete BEIR folder. */
  present: boolean;
  /** Bytes of an interrupted download waiting to be resumed (0 when none). */
  partialBytes: number;
  /** The shared folder has a ready-made copy to copy instead of downloading. */
  shared: boolean;
}

/** Checks every registry dataset against the corpora folder and the shared folder. */
export async function listDatasets(dir: string, sharedDir: string = DEFAULT_SHARED_DIR): Promise<DatasetStatus[]> {
  const root = resolve(dir);
  return Promise.all(
    BEIR_NAMES.map(async (name) => {
      const dataset = BEIR_DATASETS[name];
      const layout = { split: dataset.split, parts: dataset.parts };
      return {
        name,
        dataset,
        present: (await missingBeirFiles(join(root, name), layout)).length === 0,
        partialBytes: await sizeOf(downloadFiles(root, name).part),
        shared: await hasCorpus(join(sharedDir, name)),
      };
    }),
  );
}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}
