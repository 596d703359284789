import { formatSeconds } from '../corpus/download/format-seconds.js';
import type { CliIo } from './command.js';
import { etaEstimator } from '../indexing/eta.js';
import { bar } from './progress-bar.js';

/**
 * Progress of a job that counts items towards a known total (`testbed push`), drawn as `testbed
 * index` draws its embedding: a bar redrawn in place on a terminal (at most every 100 ms, and
 * always at the end), a line every 10% otherwise; rate and time left once there is enough to
 * estimate them from.
 */
export function countProgress(
  io: CliIo,
  verb: string,
  unit: string,
  now: () => number = Date.now,
): (p: { done: number; total: number }) => void {
  const estimate = etaEstimator(now);
  let lastDecile = -1;
  let lastDraw = 0;
  return ({ done, total }) => {
    const at = now();
    const frac = total > 0 ? done / total : 1;
    const eta = estimate(done, total);
    const text =
      `${verb} ${bar(frac)} ${done}/${total} ${unit}` +
      (eta ? `  ${eta.perSecond.toFixed(1)}/s  ETA ${formatSeconds(eta.secondsLeft)}` : '');
    if (io.tty) {
      if (at - lastDraw <= 100 && done !== total) return;
      io.err(`\r${text}\x1b[K${done === total ? '\n' : ''}`);
      lastDraw = at;
    } else if (Math.floor(frac * 10) > lastDecile) {
      lastDecile = Math.floor(frac * 10);
      io.err(text + '\n');
    }
  };
}
