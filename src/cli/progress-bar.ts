import { formatSeconds } from '../corpus/download/format-seconds.js';
import type { BuildProgress } from '../indexing/progress.js';
import type { CliIo } from './command.js';
import { etaEstimator } from '../indexing/eta.js';

/**
 * Draws build progress on stderr: a bar redrawn in place on a terminal, or a line every 10%
 * when stderr is a file or a CI log (so logs stay readable). The rate and time left appear once
 * there is enough work to estimate them from (see etaEstimator). `now` is injectable for tests.
 */
export function progressBar(io: CliIo, now: () => number = Date.now): (p: BuildProgress) => void {
  const estimate = etaEstimator(now);
  let lastDecile = -1;
  let lastDraw = 0;
  return (p) => {
    const at = now();
    if (p.phase === 'embedding' && p.total) {
      const frac = p.done / p.total;
      const eta = estimate(p.done, p.total);
      const text =
        `embedding ${bar(frac)} ${p.done}/${p.total} chunks` +
        (eta ? `  ${eta.perSecond.toFixed(1)}/s  ETA ${formatSeconds(eta.secondsLeft)}` : '');
      if (io.tty) {
        // Throttled from the last draw, not the last event: batches closer than 100 ms apart
        // would otherwise never redraw the bar until the end.
        if (at - lastDraw <= 100 && p.done !== p.total) return;
        io.err(`\r${text}\x1b[K`);
        lastDraw = at;
      } else if (Math.floor(frac * 10) > lastDecile) {
        lastDecile = Math.floor(frac * 10);
        io.err(text + '\n');
      }
    } else if (p.phase === 'indexing') {
      io.err(`${io.tty ? '\n' : ''}building full-text index...\n`);
    } else if (p.phase === 'reading' && io.tty && at - lastDraw > 100) {
      io.err(`\rreading ${p.done} documents\x1b[K`);
      lastDraw = at;
    }
  };
}

/** `[#####...]`, the share done; shared with the other long jobs' progress (push). */
export function bar(frac: number, width = 24): string {
  const full = Math.round(Math.min(1, Math.max(0, frac)) * width);
  return `[${'#'.repeat(full)}${'.'.repeat(width - full)}]`;
}
