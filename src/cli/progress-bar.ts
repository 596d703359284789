import type { BuildProgress } from '../indexing/progress.js';
import type { CliIo } from './command.js';

/**
 * Draws build progress on stderr: a bar redrawn in place on a terminal, or a line every 10%
 * when stderr is a file or a CI log (so logs stay readable).
 */
export function progressBar(io: CliIo): (p: BuildProgress) => void {
  const started = Date.now();
  let lastDecile = -1;
  let lastDraw = 0;
  return (p) => {
    const now = Date.now();
    if (p.phase === 'embedding' && p.total) {
      const frac = p.done / p.total;
      const elapsed = (now - started) / 1000;
      const rate = p.done / Math.max(elapsed, 1e-3);
      const eta = rate > 0 ? (p.total - p.done) / rate : 0;
      const text = `embedding ${bar(frac)} ${p.done}/${p.total} chunks  ${rate.toFixed(1)}/s  ETA ${eta.toFixed(0)}s`;
      if (io.tty) {
        if (now - lastDraw > 100 || p.done === p.total) io.err(`\r${text}\x1b[K`);
        lastDraw = now;
      } else if (Math.floor(frac * 10) > lastDecile) {
        lastDecile = Math.floor(frac * 10);
        io.err(text + '\n');
      }
    } else if (p.phase === 'indexing') {
      io.err(`${io.tty ? '\n' : ''}building full-text index...\n`);
    } else if (p.phase === 'reading' && io.tty && now - lastDraw > 100) {
      io.err(`\rreading ${p.done} documents\x1b[K`);
      lastDraw = now;
    }
  };
}

function bar(frac: number, width = 24): string {
  const full = Math.round(Math.min(1, Math.max(0, frac)) * width);
  return `[${'#'.repeat(full)}${'.'.repeat(width - full)}]`;
}
