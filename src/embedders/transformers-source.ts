import { basename, dirname, isAbsolute, resolve } from 'node:path';
import { UnavailableError } from '../errors.js';
import { downloadCacheDir, type LoadEnv } from './transformers-env.js';

/** Where one `transformers:<model>` spec is loaded from. */
export interface ModelSource {
  /** The name handed to transformers.js, resolved under `env.localModelPath`. */
  loadName: string;
  env: LoadEnv;
  /** The folder that must hold the model files; named in the error when loading fails. */
  folder: string;
  /** Whether `model` was a folder path rather than a hub id. */
  isPath: boolean;
}

/** The files transformers.js reads for a feature-extraction model. */
export function requiredFiles(quantized: boolean): string[] {
  return [
    'config.json',
    'tokenizer.json',
    'tokenizer_config.json',
    quantized ? 'onnx/model_quantized.onnx' : 'onnx/model.onnx',
  ];
}

/**
 * Maps a model spec to transformers.js settings. A hub id (`Xenova/all-MiniLM-L6-v2`) is looked
 * for in `<modelsDir>/<id>/`, then the download cache, then the hub if allowed. A folder path
 * (absolute, or starting with `.`) is read from that folder only: transformers.js joins every name
 * onto `localModelPath`, so the folder's parent becomes that path and its own name the id.
 */
export function resolveSource(model: string, modelsDir: string, allowRemote: boolean): ModelSource {
  const isPath = isAbsolute(model) || model.startsWith('.');
  if (isPath) {
    const folder = resolve(model);
    return {
      loadName: basename(folder),
      env: { localModelPath: dirname(folder), allowRemoteModels: false, useFSCache: false },
      folder,
      isPath,
    };
  }
  const root = resolve(modelsDir);
  return {
    loadName: model,
    env: { localModelPath: root, allowRemoteModels: allowRemote, useFSCache: true },
    folder: resolve(root, model),
    isPath,
  };
}

/**
 * The error for a model that could not be loaded: which model, why (the underlying reason, kept
 * verbatim), and exactly which files to put where so the next run finds it.
 */
export function unavailable(model: string, source: ModelSource, quantized: boolean, cause: unknown): UnavailableError {
  const files =
    requiredFiles(quantized).join(', ') + (quantized ? '; or onnx/model.onnx when loading with quantized: false' : '');
  const looked = source.isPath
    ? ''
    : ` Looked in ${source.folder}/, the download cache ${downloadCacheDir()}` +
      (source.env.allowRemoteModels ? ' and the Hugging Face hub.' : ' (hub downloads are off).');
  const where = source.isPath
    ? `Put its files in ${source.folder}/ (${files}); MODELS_DIR is not used for folder paths.`
    : `Put its files in ${source.folder}/ (${files}), or set MODELS_DIR to the folder that holds ${model}/.`;
  return new UnavailableError(
    `transformers model "${model}" could not be loaded: ${reasonOf(cause)}.${looked} ${where}`,
  );
}

// fetch() reports "fetch failed" and hides the useful part (e.g. ENOTFOUND) in `cause`.
function reasonOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? ` (${err.cause.message})` : '';
  return `${err.message.replace(/\.$/, '')}${cause}`;
}
