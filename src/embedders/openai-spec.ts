import { InputError } from '../errors.js';
import { originOf } from '../remote/allowed-origins.js';
import { API_VERSION, apiVersionOf } from './azure-openai.js';

/** What `openai:<model>@<base-url>[#dimensions=N]` names. */
export interface OpenAISpec {
  model: string;
  /** Without a trailing slash: `<baseUrl>/embeddings` is called. */
  baseUrl: string;
  /** Azure OpenAI's `api-version`, kept on every request (azure-openai.ts). */
  apiVersion?: string;
  /** Sent as the request's `dimensions` field (text-embedding-3 and servers that support it). */
  dimensions?: number;
  /** The spec in its one written form: the embedder id, recorded in indexes and keying the cache. */
  id: string;
}

export const OPENAI_SPEC_FORM = 'openai:<model>@<base-url>[#dimensions=N]';

/**
 * The model ends at the `@` that starts the URL, so model names may hold `/` and `:` (hub ids,
 * Ollama tags). `dimensions` changes the vectors, so it belongs to the spec and with it to the
 * cache key; everything that changes only how vectors are fetched comes from the environment
 * (openai-settings.ts). A query string may hold Azure OpenAI's `api-version` only, kept on every
 * request (azure-openai.ts). Credentials in the URL are refused: the id is written into index files
 * and reports, so the key must come from an environment variable instead.
 */
export function parseOpenAISpec(arg: string | undefined): OpenAISpec {
  const spec = `openai:${arg ?? ''}`;
  const at = (arg ?? '').search(/@https?:\/\//i);
  if (arg === undefined || at < 0)
    throw new InputError(
      `openai embedder needs a model and a base URL: ${OPENAI_SPEC_FORM}, e.g. openai:text-embedding-3-small@https://api.openai.com/v1; got "${spec}"`,
    );
  const model = arg.slice(0, at);
  if (model === '' || /[\s#]/.test(model))
    throw new InputError(
      `openai embedder: the model before "@" must be a name without spaces or "#", got "${model}" in "${spec}"`,
    );
  const hash = arg.indexOf('#', at);
  const rawUrl = arg.slice(at + 1, hash < 0 ? undefined : hash);
  const dimensions = hash < 0 ? undefined : parseOptions(arg.slice(hash + 1), spec);

  const what = `embedder openai:${model}`;
  originOf(rawUrl, what);
  const url = new URL(rawUrl);
  if (url.username !== '' || url.password !== '') {
    throw new InputError(
      `${what}: the base URL must not hold credentials (it is recorded in the index); put the key in an environment variable (TESTBED_OPENAI_KEY_VAR names it)`,
    );
  }
  const apiVersion = apiVersionOf(url, what);
  const baseUrl = rawUrl.replace(/\?.*$/, '').replace(/\/+$/, '');
  const query = apiVersion !== undefined ? `?${API_VERSION}=${apiVersion}` : '';
  return {
    model,
    baseUrl,
    ...(apiVersion !== undefined && { apiVersion }),
    ...(dimensions !== undefined && { dimensions }),
    id: `openai:${model}@${baseUrl}${query}${dimensions !== undefined ? `#dimensions=${dimensions}` : ''}`,
  };
}

function parseOptions(text: string, spec: string): number {
  const m = /^dimensions=(\d+)$/.exec(text);
  const n = m ? Number(m[1]) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 65536) {
    throw new InputError(
      `openai embedder: after "#" only dimensions=N (an integer in 1..65536) is understood, got "#${text}" in "${spec}"`,
    );
  }
  return n;
}

/**
 * The part of a served model's name that says which family it is: Ollama names models
 * `name:tag` (`bge-large-en-v1.5:latest`), and the tag says nothing about the family.
 */
export function modelFamilyName(model: string): string {
  return model.replace(/:[^/:]*$/, '');
}
