import { InputError } from '../errors.js';
import type { ExperimentConfig } from './config.js';
import { expandGrid } from './grid.js';

/**
 * Configurations (cells) a server runs in one experiment unless told otherwise (`testbed serve
 * --max-grid-cells`): about a minute of work on the demo corpus, where a grid of a thousand
 * retrievers took a quarter of an hour. The CLI has no limit.
 */
export const DEFAULT_MAX_GRID_CELLS = 200;

/**
 * Refuses, before anything is built, an experiment whose grid expands to more than `max`
 * retrieval configurations, saying how many it has, from which dimensions, and the limit.
 */
export function checkGridSize(config: ExperimentConfig, max: number): void {
  const cells = expandGrid(config).length;
  if (cells <= max) return;
  const { chunkers, embedders, tokenizers, retrievers } = config.grid;
  const dims = [
    `${chunkers.length} chunker(s)`,
    `${embedders.length} embedder(s)`,
    `${tokenizers.length} tokenizer(s)`,
    `${retrievers.length} retriever(s)`,
  ].join(' x ');
  throw new InputError(
    `this experiment's grid has ${cells} configurations (${dims}), over this server's limit of ${max} per experiment (testbed serve --max-grid-cells): ` +
      'split it into smaller experiments, or run it with testbed experiment, which has no limit',
    { field: 'grid' },
  );
}
