import { checkRemoteUrl, type RemoteAllowList } from '../remote/allowed-origins.js';
import { pipelineUrls } from '../spec/pipeline-urls.js';
import type { Pipeline } from '../spec/resolve-pipeline.js';

/**
 * Refuses (403, naming --allow-remote) a pipeline sent over HTTP that names an endpoint outside
 * the server's allow-list, before any of it runs or is sent to a search worker. `where` prefixes
 * the pipeline's place in a larger request (`grid.retrievers.2`).
 */
export function checkPipelineRemotes(pipeline: Pipeline, allowed: RemoteAllowList, where?: string): void {
  for (const { url, what } of pipelineUrls(pipeline)) checkRemoteUrl(url, allowed, where ? `${where}.${what}` : what);
}
