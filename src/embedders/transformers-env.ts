import { env } from '@xenova/transformers';

/** Where transformers.js may look for one model load. */
export interface LoadEnv {
  /** Folder that model ids are resolved under (`<localModelPath>/<id>/config.json`). */
  localModelPath: string;
  allowRemoteModels: boolean;
  /**
   * Whether to consult (and fill) transformers.js's download cache. Off for explicit folder
   * paths: the cache is checked before the local folder and is keyed by the bare id, so a cached
   * model with the same folder name would otherwise shadow the folder the user named.
   */
  useFSCache: boolean;
}

type Settings = Pick<
  typeof env,
  'localModelPath' | 'allowLocalModels' | 'allowRemoteModels' | 'useFSCache' | 'cacheDir'
>;

let queue: Promise<unknown> = Promise.resolve();

/**
 * The folder transformers.js keeps downloaded models in: TRANSFORMERS_CACHE when set (as in
 * Python), else transformers.js's default, which lives inside its package in node_modules.
 */
export function downloadCacheDir(): string {
  return process.env.TRANSFORMERS_CACHE || env.cacheDir;
}

/**
 * Runs `load` with transformers.js's global `env` set for one model, then puts the previous
 * settings back. transformers.js reads `env` while it fetches files, and `env` is shared by the
 * whole process, so loads are run one at a time here; otherwise two loads with different folders
 * could each read the other's settings. Inference does not read these settings, so embedding is
 * unaffected once a load has finished.
 */
export function withLoadEnv<T>(settings: LoadEnv, load: () => Promise<T>): Promise<T> {
  const run = async (): Promise<T> => {
    const saved: Settings = {
      localModelPath: env.localModelPath,
      allowLocalModels: env.allowLocalModels,
      allowRemoteModels: env.allowRemoteModels,
      useFSCache: env.useFSCache,
      cacheDir: env.cacheDir,
    };
    Object.assign(env, settings, { allowLocalModels: true, cacheDir: downloadCacheDir() });
    try {
      return await load();
    } finally {
      Object.assign(env, saved);
    }
  };
  const result = queue.then(run);
  queue = result.catch(() => undefined);
  return result;
}
