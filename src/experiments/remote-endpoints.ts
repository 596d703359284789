import { remoteLegEndpoint } from '../legs/remote/remote-endpoint.js';
import type { Pipeline } from '../pipeline/resolve-pipeline.js';

/**
 * The endpoints a configuration's remote legs call, for the report: METHOD and URL as the leg
 * calls them (remoteLegEndpoint: credentials and key-like query values dropped; headers, where
 * secrets belong, are never shown).
 */
export function remoteEndpoints(pipeline: Pipeline): { leg: string; endpoint: string }[] {
  return pipeline.legs.flatMap((leg) => {
    const endpoint = remoteLegEndpoint(leg);
    return endpoint === undefined ? [] : [{ leg: leg.name, endpoint }];
  });
}
