import { TestbedError } from '../../errors.js';
import { summarizeServedTraffic, type ServedTraffic } from '../../serving/traffic-summary/served-traffic.js';
import type { TrafficSummary } from '../../traffic/traffic-summary.js';
import { maskedSummary } from '../../traffic/masked-summary.js';
import type { InterleavingsJson } from '../../traffic/interleaving/interleaving-report.js';
import { servedInterleavings } from '../../serving/traffic-summary/served-interleavings.js';

/** What the home page's Traffic section has to show. */
export type TrafficView =
  /** The server keeps no query log (no --log-queries). */
  | { state: 'off' }
  /** The server has a token: the log shows what users searched, and a page load carries none. */
  | { state: 'protected'; dir: string }
  | { state: 'unreadable'; dir: string; message: string }
  /** `interleavings`: as GET /traffic/interleavings answers them (an empty list without interleaved searches). */
  | { state: 'on'; dir: string; summary: TrafficSummary; interleavings: InterleavingsJson };

/**
 * The Traffic section's content for one page load. A log that cannot be read costs the section,
 * not the playground above it: the error is shown in its place. When the server has a token
 * nothing is read, since the page would show it to whoever loads it without the token GET
 * /traffic asks for. Query texts are masked unless the server runs with --show-raw-queries.
 */
export async function trafficView(
  traffic: ServedTraffic | undefined,
  options: { protected: boolean; showRawQueries: boolean },
): Promise<TrafficView> {
  if (!traffic) return { state: 'off' };
  if (options.protected) return { state: 'protected', dir: traffic.dir };
  try {
    const [summary, interleavings] = await Promise.all([summarizeServedTraffic(traffic), servedInterleavings(traffic)]);
    return {
      state: 'on',
      dir: traffic.dir,
      summary: options.showRawQueries ? summary : maskedSummary(summary),
      interleavings,
    };
  } catch (err) {
    if (!(err instanceof TestbedError)) console.error(err);
    const message = err instanceof TestbedError ? err.message : 'internal error (see the server log)';
    return { state: 'unreadable', dir: traffic.dir, message };
  }
}
