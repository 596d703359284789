import { shownEndpoint } from '../../remote/remote-client.js';
import type { Leg } from '../leg-spec.js';
import { endpointUrl, type EngineLeg } from '../engine/engine-requests.js';

/**
 * What a report names as the endpoint a leg calls: METHOD and URL as shownEndpoint writes them
 * (no credentials; headers are never shown), or undefined for a leg computed here. An http
 * leg's URL is its template; a search-engine leg POSTs to the path it builds on its base URL.
 */
export function remoteLegEndpoint(leg: Leg): string | undefined {
  switch (leg.type) {
    case 'http':
      return shownEndpoint(leg.method ?? 'GET', leg.url);
    case 'opensearch':
    case 'elasticsearch':
    case 'qdrant':
      return engineLegEndpoint(leg);
    case 'lexical':
    case 'dense':
    case 'run':
      return undefined;
    default: {
      // A new leg type must say whether it calls out.
      const unhandled: never = leg;
      return unhandled;
    }
  }
}

/** A search-engine leg's endpoint: it POSTs to the path it builds on its base URL. */
export function engineLegEndpoint(leg: EngineLeg): string {
  return shownEndpoint('POST', endpointUrl(leg));
}
