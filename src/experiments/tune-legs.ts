import { InputError } from '../errors.js';
import type { ExperimentConfig } from './config.js';
import type { Cell } from './grid.js';

/**
 * The grid cells a tune block fuses; refuses, before anything is built, a block at chunk level,
 * one named like a grid configuration, or a leg that names none.
 */
export function tuneLegCells(config: ExperimentConfig, cells: readonly Cell[], i: number): Cell[] {
  const t = config.tune[i]!;
  const where = (field: string) => ({ field: `tune.${i}.${field}` });
  if (config.level !== 'doc') throw new InputError('tune blocks score documents: set level to doc', where('legs'));
  if (cells.some((c) => c.name === t.name) || config.tune.findIndex((o) => o.name === t.name) !== i) {
    throw new InputError(`"${t.name}" is already a configuration: give the tuned one its own name`, where('name'));
  }
  return t.legs.map((name) => {
    const cell = cells.find((c) => c.name === name);
    if (!cell)
      throw new InputError(
        `no configuration is named "${name}" (configurations: ${cells.map((c) => c.name).join(', ')})`,
        where('legs'),
      );
    return cell;
  });
}
