import path from 'node:path';
import type { ExperimentConfig } from './experiment-config.js';

/**
 * Where an experiment writes its report and cell cache: `output:` or results/NAME. Here, below
 * experiments/, so a report can name the files of its own folder (the pool command of its
 * judged@k warning); experiments/output-dir.ts re-exports it.
 */
export function outputDir(config: ExperimentConfig): string {
  return config.output ?? path.join('results', config.name);
}

/** The qrels an experiment reads: `qrels:`, or the BEIR default of its corpus folder. */
export function qrelsPath(config: ExperimentConfig): string {
  return config.qrels ?? path.join(config.corpus, 'qrels', 'test.tsv');
}
