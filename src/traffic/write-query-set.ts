import path from 'node:path';
import type { Band } from './bands.js';
import type { CountedQuery } from './count-queries.js';
import { writeTextAtomic } from './write-text-atomic.js';

/** The metadata each sampled query carries: what the experiment runner slices by. */
export interface LogQueryMetadata {
  source: 'log';
  band: Band;
  frequency: number;
  /** True only when every search of the query found nothing. */
  zero_hits: boolean;
}

/**
 * Writes a sampled query set as a BEIR queries.jsonl in `outDir` (one
 * `{"_id", "text", "metadata"}` line per query, in the order given), atomically. The metadata tags
 * each query `source: log` with its band and frequency, so an experiment over the set reports head,
 * torso and tail slices, and `zero_hits` marks queries no search ever answered (a corpus gap rather
 * than a ranking one). Returns the file written.
 */
export function writeQuerySet(
  outDir: string,
  queries: readonly CountedQuery[],
  bands: ReadonlyMap<string, Band>,
): string {
  const lines = queries.map((q) => {
    const band = bands.get(q.key);
    if (!band) throw new Error(`query ${q.key} has no band: band the queries the set was sampled from`);
    const metadata: LogQueryMetadata = {
      source: 'log',
      band,
      frequency: q.frequency,
      zero_hits: q.zeroHits === q.frequency,
    };
    return JSON.stringify({ _id: q.key, text: q.text, metadata }) + '\n';
  });
  const file = path.join(outDir, 'queries.jsonl');
  writeTextAtomic(file, lines.join(''));
  return file;
}
