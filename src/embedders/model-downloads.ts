import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ForbiddenError, type Location } from '../errors.js';
import { normalOrigin, type RemoteAllowList } from '../remote/allowed-origins.js';

/** Where transformers.js downloads models from (its `env.remoteHost`). */
export const MODEL_HUB_ORIGIN = 'https://huggingface.co';

/** The serve flag that lets requests download models: the same as `--allow-remote ${MODEL_HUB_ORIGIN}`. */
export const ALLOW_MODEL_DOWNLOADS_FLAG = '--allow-model-downloads';

/**
 * Whether a server with this allow-list lets a request make it download a model: only when it
 * was started with --allow-model-downloads, or --allow-remote naming the hub (the same thing), as
 * for any other remote origin a request could make it call.
 */
export function modelDownloadsAllowed(allowed: RemoteAllowList): boolean {
  return allowed === 'any' || allowed.some((origin) => normalOrigin(origin) === MODEL_HUB_ORIGIN);
}

/**
 * The folder transformers.js keeps downloaded models in (transformers-env.ts downloadCacheDir),
 * found without loading transformers.js: TRANSFORMERS_CACHE, else `.cache/` in its package.
 */
function downloadCache(env: NodeJS.ProcessEnv): string {
  if (env.TRANSFORMERS_CACHE) return env.TRANSFORMERS_CACHE;
  const pkg = createRequire(import.meta.url).resolve('@xenova/transformers/package.json');
  return path.join(path.dirname(pkg), '.cache');
}

/**
 * Whether model `id` is on this machine where a load looks first: `<MODELS_DIR>/<id>/` or the
 * download cache's `<id>/`, each holding the model's config.json (transformers-source.ts).
 */
export function modelIsLocal(id: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const roots = [path.resolve(env.MODELS_DIR || './models'), downloadCache(env)];
  return roots.some((root) => fs.existsSync(path.join(root, id, 'config.json')));
}

/**
 * A model a request names (a `transformers:` embedder, a cross-encoder) may be downloaded from
 * the hub only when the server allows it: otherwise it must already be on the machine, and a
 * 403 naming the flag says so before anything is fetched. `testbed serve` also runs with
 * TRANSFORMERS_OFFLINE=1 then, so no load it starts (a worker, a build) fetches a missing file.
 */
export function checkServedModel(id: string, allowed: RemoteAllowList, where: Location = {}): void {
  if (modelDownloadsAllowed(allowed) || modelIsLocal(id)) return;
  throw new ForbiddenError(
    `${where.field ? `${where.field}: ` : ''}model "${id}" is not on this server (MODELS_DIR or the download cache), and this server does not download models: start it with ${ALLOW_MODEL_DOWNLOADS_FLAG} (or --allow-remote ${MODEL_HUB_ORIGIN}) to let requests fetch models from the hub`,
  );
}
