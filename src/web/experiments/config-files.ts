import fs from 'node:fs';
import path from 'node:path';
import { parseExperimentConfig } from '../../experiments/config.js';
import { expandGrid } from '../../experiments/grid.js';
import { messageOf } from '../playground/run-playground.js';

/** An experiment config in the experiments folder, as the list page offers it. */
export interface ConfigFile {
  /** File name inside the experiments folder: what POST /experiments takes as `config`. */
  file: string;
  name?: string;
  description?: string;
  corpus?: string;
  /** Configurations in its grid. */
  cells?: number;
  /** Why it cannot run, when it does not parse. */
  error?: string;
}

/** Every *.yaml / *.yml directly in `experimentsRoot`, parsed enough to describe it. */
export function listConfigFiles(experimentsRoot: string): ConfigFile[] {
  let files: string[];
  try {
    files = fs
      .readdirSync(experimentsRoot)
      .filter((f) => /\.ya?ml$/i.test(f))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    try {
      const config = parseExperimentConfig(fs.readFileSync(path.join(experimentsRoot, file), 'utf8'), file);
      const described: ConfigFile = {
        file,
        name: config.name,
        corpus: config.corpus,
        cells: expandGrid(config).length,
      };
      if (config.description) described.description = config.description.trim();
      return described;
    } catch (err) {
      return { file, error: messageOf(err) };
    }
  });
}
