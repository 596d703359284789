import { logRelativeDropped } from './log-relative-dropped.js';
import { readTraffic } from './read-traffic.js';
import type { Traffic } from './types.js';

/** A server's log folder as its routes and pages show it: read whole, dropped lines named from the folder. */
export async function readServedLog(dir: string): Promise<Traffic> {
  return logRelativeDropped(await readTraffic([dir]), dir);
}
