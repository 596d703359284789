import type { FetchProgress } from './fetch-to-file.js';
import { formatBytes } from './format-bytes.js';
import { formatSeconds } from './format-seconds.js';

/** Where progress goes: the CLI passes its CliIo, which has this shape. */
export interface ProgressSink {
  err: (text: string) => void;
  /** True when the sink is a terminal: redraw one line in place instead of printing lines. */
  tty: boolean;
}

/**
 * Draws download progress on stderr: bytes so far, rate and ETA. On a terminal the line is
 * redrawn at most every 100 ms; in a log it is printed at each further 10% so logs stay short.
 * The rate counts only bytes fetched in this run, so a resumed download shows a true ETA.
 */
export function byteProgress(sink: ProgressSink, label = 'downloading'): (p: FetchProgress) => void {
  const started = Date.now();
  let lastDraw = 0;
  let lastDecile = -1;
  let finished = false;
  return (p) => {
    if (finished) return;
    const now = Date.now();
    const complete = p.total !== undefined && p.done >= p.total;
    const text = progressText(label, p, (now - started) / 1000);
    if (sink.tty) {
      if (now - lastDraw < 100 && !complete) return;
      lastDraw = now;
      sink.err(`\r${text}\x1b[K${complete ? '\n' : ''}`);
    } else if (p.total !== undefined && p.total > 0) {
      const decile = Math.floor((p.done / p.total) * 10);
      if (decile <= lastDecile) return;
      lastDecile = decile;
      sink.err(text + '\n');
    }
    finished = complete;
  };
}

/** One progress line, e.g. "downloading [######....] 4.1 MB / 9.8 MB  1.2 MB/s  ETA 5s". */
export function progressText(label: string, p: FetchProgress, seconds: number): string {
  const rate = (p.done - p.resumedFrom) / Math.max(seconds, 1e-3);
  const speed = `${formatBytes(rate)}/s`;
  if (p.total === undefined || p.total === 0) return `${label} ${formatBytes(p.done)}  ${speed}`;
  const frac = Math.min(1, p.done / p.total);
  const eta = rate > 0 ? `ETA ${formatSeconds((p.total - p.done) / rate)}` : 'ETA ?';
  return `${label} ${bar(frac)} ${formatBytes(p.done)} / ${formatBytes(p.total)}  ${speed}  ${eta}`;
}

function bar(frac: number, width = 24): string {
  const full = Math.round(frac * width);
  return `[${'#'.repeat(full)}${'.'.repeat(width - full)}]`;
}
