import { ForbiddenError, InputError } from '../errors.js';
import { checkRemoteUrl, POSTGRES_SCHEME, type RemoteAllowList } from '../remote/allowed-origins.js';
import { requestPostgresUrlProblem } from '../remote/request-postgres-url.js';
import { envVariableIn } from '../remote/secrets.js';
import { pipelineUrls, type PipelineUrl } from '../pipeline/pipeline-urls.js';
import type { Pipeline } from '../pipeline/resolve-pipeline.js';
import { checkServedRerank } from './served-rerank.js';
import { checkServedTls } from './served-tls.js';

export interface RemoteCheckOptions {
  /** `grid.retrievers.2`: the pipeline's place in a larger request. */
  where?: string;
  /**
   * Whether header values may read the server's environment (`${env:NAME}`). Only for pipelines
   * from files on the server (an experiment named by `config`): from a request, they would let
   * any client send any of the server's variables to an allowed origin.
   */
  environment?: boolean;
}

/**
 * What a pipeline sent over HTTP must pass before any of it runs or is sent to a search worker:
 * its rerank stage (served-rerank.ts), every endpoint inside the server's allow-list (403 naming
 * --allow-remote), and, from a request, no header read from the server's environment and no
 * TLS file or AWS signing of the server's (served-tls.ts; 403).
 */
export function checkServedPipeline(
  pipeline: Pipeline,
  allowed: RemoteAllowList,
  { where, environment = false }: RemoteCheckOptions = {},
): void {
  checkServedRerank(pipeline, allowed, where ? `${where}.rerank` : 'rerank');
  const urls = pipelineUrls(pipeline);
  // First, so a URL that would move the connection (?host=) is named for what it is, not as an origin.
  if (!environment) for (const url of urls) checkRequestPostgresUrl(url, where);
  for (const { url, what } of urls) checkRemoteUrl(url, allowed, where ? `${where}.${what}` : what);
  if (!environment) {
    checkServedTls(pipeline, where);
    const found = envReference(pipeline);
    if (found) {
      throw new ForbiddenError(
        `${where ? `${where}.` : ''}${found.path}: headers read from the server's environment (\${env:${found.name}}) are taken only from experiment files on the server (POST /experiments {"config": ...}) and the CLI, not from a request`,
      );
    }
  }
}

/** A postgres URL from a request holds only host, port, database, user and sslmode (request-postgres-url.ts); 400 naming the leg's url field. */
function checkRequestPostgresUrl({ url, what, leg }: PipelineUrl, where: string | undefined): void {
  if (!POSTGRES_SCHEME.test(url)) return;
  const problem = requestPostgresUrlProblem(url);
  if (problem === undefined) return;
  const field = `${where ? `${where}.` : ''}${what.replace(/ .*$/, '')}.url`;
  throw new InputError(`leg "${leg}": the postgres URL ${problem}`, { field });
}

/** The first `${env:NAME}` in any `headers` record of the pipeline (legs, rerank stage). */
function envReference(value: unknown, path = ''): { path: string; name: string } | undefined {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = envReference(v, `${path}.${i}`);
      if (found) return found;
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, v] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (key === 'headers' && v !== null && typeof v === 'object') {
      for (const [header, text] of Object.entries(v)) {
        const name = typeof text === 'string' ? envVariableIn(text) : undefined;
        if (name) return { path: `${here}.${header}`, name };
      }
    } else {
      const found = envReference(v, here);
      if (found) return found;
    }
  }
  return undefined;
}
