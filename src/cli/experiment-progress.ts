import { formatSeconds } from '../corpus/download/format-seconds.js';
import type { ExperimentProgress } from '../experiments/progress.js';
import type { CliIo } from './command.js';
import { etaEstimator } from '../indexing/eta.js';

/**
 * The experiment runner's progress on stderr: which cell, queries done of all cells' queries,
 * and a time left once the rate is known (etaEstimator: none from the first query alone, whose
 * time includes loading the model, which once read "ETA 149455s"). On a terminal the line is
 * redrawn in place; elsewhere (CI logs) one line per tenth of the work.
 */
export function experimentProgress(io: CliIo, now: () => number = Date.now): (p: ExperimentProgress) => void {
  const estimate = etaEstimator(now);
  let last = 0;
  let lastDecile = -1;
  return (p) => {
    if (p.phase === 'indexing') return io.err(`${io.tty ? '\n' : ''}index for ${p.cell}...\n`);
    if (p.phase !== 'retrieving' || p.total === 0) return;
    const at = now();
    const eta = estimate(p.done, p.total);
    const line = `${p.cell}: ${p.done}/${p.total} queries${eta ? `  ETA ${formatSeconds(eta.secondsLeft)}` : ''}`;
    if (io.tty) {
      if (at - last > 100 || p.done === p.total) io.err(`\r${line}\x1b[K`);
      last = at;
    } else if (Math.floor((p.done / p.total) * 10) > lastDecile) {
      lastDecile = Math.floor((p.done / p.total) * 10);
      io.err(line + '\n');
    }
  };
}
