import { InputError } from '../errors.js';
import { byFrequency } from './count-queries.js';

export type Band = 'head' | 'torso' | 'tail';

export const BANDS: readonly Band[] = ['head', 'torso', 'tail'];
export const DEFAULT_HEAD_SHARE = 0.5;
export const DEFAULT_TORSO_SHARE = 0.8;

export interface BandOptions {
  /** The share of traffic the head covers (default 0.5). */
  headShare?: number;
  /** The share of traffic head and torso cover together (default 0.8). */
  torsoShare?: number;
}

/** One band as a summary prints it. */
export interface BandBounds {
  band: Band;
  /** Distinct queries in the band. */
  queries: number;
  /** Frequencies of its least and most frequent query; undefined for an empty band. */
  minFrequency?: number;
  maxFrequency?: number;
  /** Its searches over all searches (0 when there are none). */
  share: number;
}

export interface Banding {
  /** Query key -> band. */
  bands: Map<string, Band>;
  /** Head, torso and tail, in that order, empty ones included. */
  bounds: BandBounds[];
}

/**
 * Cuts distinct queries into head, torso and tail by cumulative share of traffic, so an experiment
 * over a sampled set can report the few queries asked all the time apart from the many asked once
 * (a retriever tuned on the head often fails the tail). Queries are walked most frequent first (ties
 * by key); a query whose cumulative share of searches BEFORE it is below `headShare` is head, else
 * below `torsoShare` torso, else tail. Measuring before the query puts the query that crosses a
 * line in the band it starts in, so the head is never empty while there is traffic.
 */
export function assignBands(
  queries: readonly { key: string; frequency: number }[],
  options: BandOptions = {},
): Banding {
  const headShare = options.headShare ?? DEFAULT_HEAD_SHARE;
  const torsoShare = options.torsoShare ?? DEFAULT_TORSO_SHARE;
  if (!(headShare > 0 && headShare <= 1))
    throw new InputError(`must be above 0 and at most 1, got ${headShare}`, { field: 'headShare' });
  if (!(torsoShare >= headShare && torsoShare <= 1))
    throw new InputError(`must be at least the head share (${headShare}) and at most 1, got ${torsoShare}`, {
      field: 'torsoShare',
    });
  const total = queries.reduce((sum, q) => sum + q.frequency, 0);
  const bands = new Map<string, Band>();
  const bounds = BANDS.map((band): BandBounds => ({ band, queries: 0, share: 0 }));
  let before = 0;
  for (const q of [...queries].sort(byFrequency)) {
    const shareBefore = before / total;
    const band: Band = shareBefore < headShare ? 'head' : shareBefore < torsoShare ? 'torso' : 'tail';
    bands.set(q.key, band);
    const b = bounds[BANDS.indexOf(band)]!;
    b.queries++;
    b.maxFrequency ??= q.frequency;
    b.minFrequency = q.frequency;
    b.share += q.frequency;
    before += q.frequency;
  }
  for (const b of bounds) b.share = total > 0 ? b.share / total : 0;
  return { bands, bounds };
}
