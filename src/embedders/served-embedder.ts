import { isAbsolute, normalize, sep } from 'node:path';
import { InputError, type Location } from '../errors.js';
import { checkEmbedderSpec } from './registry.js';

/**
 * An embedder named by a request to the server, not by the person at the keyboard: a
 * `transformers:` model must be a model id under MODELS_DIR. A folder path (`/etc`, `./x`,
 * `~/x`) or an id that climbs out (`a/../../etc`) is refused before anything is read, so a
 * request can neither load files from elsewhere nor learn from the error which folders exist.
 * The CLI keeps folder paths: there the user owns the disk.
 */
export function checkServedEmbedderSpec(spec: string, where: Location = {}): void {
  checkEmbedderSpec(spec);
  if (!spec.startsWith('transformers:')) return;
  const model = spec.slice('transformers:'.length);
  if (isAbsolute(model) || model.startsWith('.') || model.startsWith('~') || model.includes('\\') || model.includes('\0')) {
    throw new InputError(`over HTTP a transformers model is named by its id under MODELS_DIR (e.g. transformers:Xenova/all-MiniLM-L6-v2), not a folder path: "${spec}"`, where);
  }
  if (normalize(model).split(sep).includes('..') || model.split('/').includes('..')) {
    throw new InputError(`a model id must stay inside MODELS_DIR: "${spec}"`, where);
  }
}
