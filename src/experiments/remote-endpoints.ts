import { shownEndpoint } from '../remote/remote-client.js';
import { pipelineUrls } from '../spec/pipeline-urls.js';
import type { Pipeline } from '../spec/resolve-pipeline.js';

/**
 * The endpoints a configuration's remote legs call, for the report: METHOD and URL template as
 * shownEndpoint writes them (credentials and key-like query values dropped; headers, where
 * secrets belong, are never shown).
 */
export function remoteEndpoints(pipeline: Pipeline): { leg: string; endpoint: string }[] {
  return pipelineUrls(pipeline).map(({ url, method, leg }) => ({ leg, endpoint: shownEndpoint(method ?? 'GET', url) }));
}
