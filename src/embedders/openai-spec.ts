import { InputError } from '../errors.js';
import { parseBaseUrl } from '../remote/base-url.js';
import { withoutUrlSecrets } from '../remote/redact-url.js';

/** What `openai:<model>@<base-url>[#dimensions=N]` names. */
export interface OpenAISpec {
  model: string;
  /**
   * Without a trailing slash, with the query string it was given: `<path>/embeddings<query>` is
   * called (joinUrl), so an `?api-version=` reaches every request.
   */
  baseUrl: string;
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
 * (openai-settings.ts). The base URL is read by parseBaseUrl, as every remote base URL is; a
 * query string (Azure's api-version) is kept on each request. Credentials in the URL, and a
 * key-like query parameter, are refused: the id is written into index files and reports, so
 * the key must come from an environment variable instead.
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
  const base = parseBaseUrl(rawUrl, what);
  if (base.userinfo !== '') {
    throw new InputError(
      `${what}: the base URL must not hold credentials (it is recorded in the index); put the key in an environment variable (TESTBED_OPENAI_KEY_VAR names it)`,
    );
  }
  const baseUrl = `${base.origin}${base.pathPrefix}${base.query}`;
  if (withoutUrlSecrets(baseUrl) !== baseUrl)
    throw new InputError(
      `${what}: the base URL's query string holds a key-like parameter (${withoutUrlSecrets(baseUrl)}), and the URL is recorded in the index: send the key as a header instead (TESTBED_OPENAI_KEY_VAR names its variable)`,
    );
  return {
    model,
    baseUrl,
    ...(dimensions !== undefined && { dimensions }),
    id: `openai:${model}@${baseUrl}${dimensions !== undefined ? `#dimensions=${dimensions}` : ''}`,
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
