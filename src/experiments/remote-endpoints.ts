import { legEndpoints } from '../legs/leg-traits.js';
import type { Pipeline } from '../pipeline/resolve-pipeline.js';
import { shownEndpoint } from '../remote/remote-client.js';
import type { RemoteEndpoint } from '../reports/report-model.js';

/**
 * The endpoints a configuration's remote legs and http reranker call, for the report: METHOD and
 * URL as they call them (each leg type's row says what it calls; shownEndpoint drops credentials
 * and key-like query values; headers, where secrets belong, are never shown). A caller whose
 * server certificate is not verified (`insecure: true`, remote/tls.ts) is marked, so the
 * report can warn that its numbers came from a server whose identity nobody checked.
 */
export function remoteEndpoints(pipeline: Pipeline): RemoteEndpoint[] {
  const legs = pipeline.legs.flatMap((leg) =>
    legEndpoints(leg).map((e) => ({
      leg: leg.name,
      endpoint: shownEndpoint(e.method, e.url),
      ...((leg as { insecure?: boolean }).insecure === true && { insecure: true as const }),
    })),
  );
  const rerank = pipeline.rerank?.type === 'http' ? pipeline.rerank : undefined;
  if (!rerank) return legs;
  return [
    ...legs,
    {
      leg: `reranker "${rerank.name}"`,
      endpoint: shownEndpoint('POST', rerank.url),
      ...(rerank.tls?.insecure === true && { insecure: true as const }),
    },
  ];
}
