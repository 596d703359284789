import { legEndpoints } from '../legs/leg-traits.js';
import type { Pipeline } from '../pipeline/resolve-pipeline.js';
import { shownEndpoint } from '../remote/remote-client.js';

/**
 * The endpoints a configuration's remote legs call, for the report: METHOD and URL as the leg
 * calls them (each leg type's row says what it calls; shownEndpoint drops credentials and
 * key-like query values; headers, where secrets belong, are never shown).
 */
export function remoteEndpoints(pipeline: Pipeline): { leg: string; endpoint: string }[] {
  return pipeline.legs.flatMap((leg) =>
    legEndpoints(leg).map((e) => ({ leg: leg.name, endpoint: shownEndpoint(e.method, e.url) })),
  );
}
