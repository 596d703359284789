import path from 'node:path';
import type { ExperimentConfig } from './config.js';

/** Where an experiment writes its report and cell cache: `output:` or results/NAME. */
export function outputDir(config: ExperimentConfig): string {
  return config.output ?? path.join('results', config.name);
}
