import { TestbedError } from '../../errors.js';
import { summarizeServedTraffic, type ServedTraffic } from '../../traffic/served-traffic.js';
import type { TrafficSummary } from '../../traffic/traffic-summary.js';

/** What the home page's Traffic section has to show. */
export type TrafficView =
  /** The server keeps no query log (no --log-queries). */
  | { state: 'off' }
  /** --protect-search: the log shows what users searched, and a page load carries no token. */
  | { state: 'protected'; dir: string }
  | { state: 'unreadable'; dir: string; message: string }
  | { state: 'on'; dir: string; summary: TrafficSummary };

/**
 * The Traffic section's content for one page load. A log that cannot be read costs the section,
 * not the playground above it: the error is shown in its place. Under --protect-search nothing
 * is read, since the page would show it to whoever loads it without the token GET /traffic asks for.
 */
export async function trafficView(traffic: ServedTraffic | undefined, searchProtected: boolean): Promise<TrafficView> {
  if (!traffic) return { state: 'off' };
  if (searchProtected) return { state: 'protected', dir: traffic.dir };
  try {
    return { state: 'on', dir: traffic.dir, summary: await summarizeServedTraffic(traffic) };
  } catch (err) {
    if (!(err instanceof TestbedError)) console.error(err);
    const message = err instanceof TestbedError ? err.message : 'internal error (see the server log)';
    return { state: 'unreadable', dir: traffic.dir, message };
  }
}
