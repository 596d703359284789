import { isAbsolute, normalize, sep } from 'node:path';
import { ForbiddenError, InputError, type Location } from '../errors.js';
import { checkRemoteUrl, type RemoteAllowList } from '../remote/allowed-origins.js';
import { checkServedModel } from './model-downloads.js';
import { KEY_ORIGIN_VARIABLE, keyOriginOf } from './openai-settings.js';
import { parseOpenAISpec } from './openai-spec.js';
import { checkEmbedderSpec } from './registry.js';

/**
 * An embedder named by a request to the server, not by the person at the keyboard: a
 * `transformers:` model must be a model id under MODELS_DIR. A folder path (`/etc`, `./x`,
 * `~/x`) or an id that climbs out (`a/../../etc`) is refused before anything is read, so a
 * request can neither load files from elsewhere nor learn from the error which folders exist.
 * The model must be on the machine already unless the server may download models
 * (model-downloads.ts: 403 otherwise, before any fetch). The CLI keeps folder paths and
 * downloads: there the user owns the disk and the network. An `openai:` endpoint must be one
 * of the origins the server was started with (`--allow-remote`), or a request could make the
 * server post to any address it can reach; by default none is. And a key in the server's
 * environment must name the origin it is for (checkServerKeyOrigin).
 */
export function checkServedEmbedderSpec(
  spec: string,
  where: Location = {},
  allowedRemoteOrigins: RemoteAllowList = [],
): void {
  checkEmbedderSpec(spec);
  if (spec.startsWith('openai:')) {
    const { baseUrl, id } = parseOpenAISpec(spec.slice('openai:'.length));
    const what = `embedder ${id}${where.field ? ` (${where.field})` : ''}`;
    checkRemoteUrl(baseUrl, allowedRemoteOrigins, what);
    return checkServerKeyOrigin(what);
  }
  if (!spec.startsWith('transformers:')) return;
  const model = spec.slice('transformers:'.length);
  if (
    isAbsolute(model) ||
    model.startsWith('.') ||
    model.startsWith('~') ||
    model.includes('\\') ||
    model.includes('\0')
  ) {
    throw new InputError(
      `over HTTP a transformers model is named by its id under MODELS_DIR (e.g. transformers:Xenova/all-MiniLM-L6-v2), not a folder path: "${spec}"`,
      where,
    );
  }
  if (normalize(model).split(sep).includes('..') || model.split('/').includes('..')) {
    throw new InputError(`a model id must stay inside MODELS_DIR: "${spec}"`, where);
  }
  checkServedModel(model, allowedRemoteOrigins, where);
}

/**
 * A key in the server's environment (TESTBED_OPENAI_KEY_VAR) goes only to the origin it was
 * configured for: without TESTBED_OPENAI_KEY_ORIGIN saying which, an `openai:` endpoint a request
 * names (any allowed origin) would receive it, so such a request is a 403 until it is set. With
 * it, an endpoint elsewhere is called without the key (openai-settings.ts).
 */
function checkServerKeyOrigin(what: string, env: NodeJS.ProcessEnv = process.env): void {
  const named = env.TESTBED_OPENAI_KEY_VAR;
  if (!named || keyOriginOf(env) !== undefined) return;
  throw new ForbiddenError(
    `${what}: this server holds a key for openai embedders (TESTBED_OPENAI_KEY_VAR names ${named}) without the origin it is for, and would send it to whatever endpoint a request names: set ${KEY_ORIGIN_VARIABLE} to that origin (scheme://host:port), and endpoints elsewhere are called without it`,
  );
}
