import { assignBands, type BandBounds, type BandOptions } from './bands.js';
import { countQueries } from './count-queries.js';
import type { MaskCounts } from './mask-pii.js';
import { sampleQueries, type SampleMethod } from './sample-queries.js';
import type { DroppedCount, Traffic } from './types.js';
import { writeQuerySet } from './write-query-set.js';

export interface QuerySetOptions extends BandOptions {
  method: SampleMethod;
  n: number;
  seed?: number;
  /** Count and write the text as typed (personal data included): `--keep-pii`. */
  keepPii?: boolean;
}

/** What `testbed queries sample` (and POST /traffic/samples) did, for its summary. */
export interface QuerySetSummary {
  file: string;
  method: SampleMethod;
  seed: number;
  searches: number;
  distinctQueries: number;
  sampled: number;
  /** n was at least the distinct queries: every one was taken. */
  tookAll: boolean;
  masked: MaskCounts;
  /** Head, torso and tail of the whole log, by cumulative share of traffic. */
  bands: BandBounds[];
  /** How many of the sampled queries fell in each band. */
  sampledByBand: Record<string, number>;
  zeroHitQueries: number;
  dropped: DroppedCount[];
}

/**
 * A log's searches to a BEIR query set in `outDir`: count distinct queries (masked and
 * normalised), cut them into head, torso and tail over the WHOLE log (so a band means the same
 * however few queries are drawn), draw n by `method`, and write them tagged `source: log` with
 * their band and frequency.
 */
export function sampleQuerySet(traffic: Traffic, outDir: string, options: QuerySetOptions): QuerySetSummary {
  const counted = countQueries(traffic.searches, { keepPii: options.keepPii });
  const banding = assignBands(counted.queries, options);
  const sample = sampleQueries(counted.queries, { method: options.method, n: options.n, seed: options.seed });
  const file = writeQuerySet(outDir, sample.queries, banding.bands);
  const sampledByBand: Record<string, number> = { head: 0, torso: 0, tail: 0 };
  for (const q of sample.queries) {
    const band = banding.bands.get(q.key);
    if (band) sampledByBand[band] = (sampledByBand[band] ?? 0) + 1;
  }
  return {
    file,
    method: sample.method,
    seed: sample.seed,
    searches: counted.searches,
    distinctQueries: counted.queries.length,
    sampled: sample.queries.length,
    tookAll: sample.tookAll,
    masked: counted.masked,
    bands: banding.bounds,
    sampledByBand,
    zeroHitQueries: sample.queries.filter((q) => q.zeroHits === q.frequency && q.frequency > 0).length,
    dropped: traffic.dropped,
  };
}
