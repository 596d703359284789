import { InputError } from '../errors.js';
import { originOf } from '../remote/allowed-origins.js';
import { redactUrl } from '../remote/redact-url.js';

/** What `--chat MODEL@URL` names. */
export interface ChatSpec {
  model: string;
  /** The URL as given, without a trailing slash. */
  baseUrl: string;
  /** The chat completions endpoint that is called. */
  url: string;
}

export const CHAT_SPEC_FORM = 'MODEL@URL';

/**
 * Reads `--chat MODEL@URL`, e.g. `qwen2.5:7b@http://127.0.0.1:11434`. The model ends at the `@`
 * that starts the URL, so model names may hold `/` and `:` (hub ids, Ollama tags), as in the
 * openai embedder's spec. Servers are named by their root (Ollama, llama.cpp) or by their `/v1`
 * base (how OpenAI documents its own), so both are accepted: `/v1/chat/completions` is added to
 * a root, `/chat/completions` to a URL ending in `/v1`, and a URL already ending in
 * `/chat/completions` is called as is. Credentials in the URL are refused: the spec is printed,
 * so the key must come from an environment variable.
 */
export function parseChatSpec(arg: string | undefined, flag = '--chat'): ChatSpec {
  const at = (arg ?? '').search(/@https?:\/\//i);
  if (arg === undefined || at < 0)
    throw new InputError(
      `${flag} needs a model and a URL: ${CHAT_SPEC_FORM}, e.g. qwen2.5:7b@http://127.0.0.1:11434; got "${arg ?? ''}"`,
    );
  const model = arg.slice(0, at);
  if (model === '' || /\s/.test(model))
    throw new InputError(`${flag}: the model before "@" must be a name without spaces, got "${model}"`);
  const rawUrl = arg.slice(at + 1);
  const what = `${flag} ${model}`;
  originOf(rawUrl, what);
  const parsed = new URL(rawUrl);
  if (parsed.username !== '' || parsed.password !== '')
    throw new InputError(
      `${what}: the URL must not hold credentials (it is printed); name the variable holding the key with --chat-key-env`,
    );
  if (parsed.search !== '' || parsed.hash !== '')
    throw new InputError(`${what}: the URL must not have a query string or a fragment, got "${redactUrl(rawUrl)}"`);
  const baseUrl = rawUrl.replace(/\/+$/, '');
  return { model, baseUrl, url: completionsUrl(baseUrl) };
}

function completionsUrl(baseUrl: string): string {
  if (/\/chat\/completions$/.test(baseUrl)) return baseUrl;
  if (/\/v1$/.test(baseUrl)) return `${baseUrl}/chat/completions`;
  return `${baseUrl}/v1/chat/completions`;
}
