import path from 'node:path';
import type { DroppedCount, Traffic } from './types.js';

/**
 * `traffic` with the paths in its dropped examples written relative to the log folder `dir`
 * (`ubi_events-2024-03-05.jsonl:3: ...`): GET /traffic and the home page show them to
 * whoever may read the summary, and the server's layout is not theirs to see. The examples are
 * `file:line: what` texts, and a duplicate's names the first file too, so every occurrence of
 * the folder is cut, as given and as an absolute path.
 */
export function logRelativeDropped(traffic: Traffic, dir: string): Traffic {
  return { ...traffic, dropped: logRelativeExamples(traffic.dropped, dir) };
}

/** Counts whose examples name files of the log folder `dir`, those names made relative to it. */
export function logRelativeExamples(counts: readonly DroppedCount[], dir: string): DroppedCount[] {
  const prefixes = [...new Set([path.resolve(dir), path.normalize(dir)])].map((d) => d + path.sep);
  const relative = (text: string) => prefixes.reduce((t, prefix) => t.split(prefix).join(''), text);
  return counts.map((d) => ({ ...d, examples: d.examples.map(relative) }));
}
