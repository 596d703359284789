import { InputError } from '../errors.js';
import { DEFAULT_MAX_RESPONSE_MB, MAX_RESPONSE_MB_LIMIT } from '../remote/read-capped.js';

/**
 * How a chat endpoint is called. Like the openai embedder's settings (embedders/openai-settings.ts)
 * none of them changes an answer, so they come from the environment; only the key's variable is
 * a flag, because sending a key is a choice the user should see on the command line.
 */
export interface ChatSettings {
  concurrency: number;
  timeoutMs: number;
  retries: number;
  backoffMs: number;
  /** The longest answer read, MiB: a chat answer is a few hundred bytes, so a longer one is a wrong endpoint or a runaway model. */
  maxResponseMb: number;
  /** The environment variable whose value is sent as `Authorization: Bearer`, when one is. */
  keyVariable: string | undefined;
}

/** Where the default key variable is sent without being asked: OpenAI's own API. */
export const OPENAI_ORIGIN = 'https://api.openai.com';
export const DEFAULT_KEY_VARIABLE = 'OPENAI_API_KEY';

/**
 * A generated answer takes far longer than a vector: a 7B model on one GPU writes a few
 * questions in seconds and, behind a queue, in tens of seconds. Hence a longer timeout than the
 * embedder's; retries and backoff are the embedder's.
 */
const DEFAULTS = {
  concurrency: 4,
  timeoutMs: 120_000,
  retries: 4,
  backoffMs: 500,
  maxResponseMb: DEFAULT_MAX_RESPONSE_MB,
} as const;

export const CHAT_ENV = {
  concurrency: 'TESTBED_CHAT_CONCURRENCY',
  timeoutMs: 'TESTBED_CHAT_TIMEOUT_MS',
  retries: 'TESTBED_CHAT_RETRIES',
  backoffMs: 'TESTBED_CHAT_BACKOFF_MS',
  maxResponseMb: 'TESTBED_CHAT_MAX_RESPONSE_MB',
} as const;

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The settings for calling `baseUrl`, from the TESTBED_CHAT_* variables of `env` and the
 * `--chat-key-env` flag; a malformed value is an error naming its variable or flag.
 */
export function chatSettings(
  baseUrl: string,
  keyEnv: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): ChatSettings {
  const int = (name: keyof typeof CHAT_ENV, min: number, max: number): number => {
    const raw = env[CHAT_ENV[name]];
    if (raw === undefined || raw.trim() === '') return DEFAULTS[name];
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new InputError(`${CHAT_ENV[name]} must be an integer in ${min}..${max}, got "${raw}"`);
    return n;
  };
  return {
    concurrency: int('concurrency', 1, 256),
    timeoutMs: int('timeoutMs', 1, 3_600_000),
    retries: int('retries', 0, 20),
    backoffMs: int('backoffMs', 0, 60_000),
    maxResponseMb: int('maxResponseMb', 1, MAX_RESPONSE_MB_LIMIT),
    keyVariable: keyVariable(baseUrl, keyEnv, env),
  };
}

/**
 * OPENAI_API_KEY is exported in many shells, and sending it to whatever URL `--chat` names would
 * hand an OpenAI key to a colleague's GPU box in clear text: as for the openai embedder, the
 * default variable goes to api.openai.com only, and any other endpoint gets a key when
 * `--chat-key-env` names its variable (which may be OPENAI_API_KEY itself).
 */
function keyVariable(baseUrl: string, named: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (named !== undefined) {
    // The value is not repeated: given by mistake, it may be the key itself.
    if (!VARIABLE_NAME.test(named))
      throw new InputError(
        '--chat-key-env must be the name of the environment variable holding the key (letters, digits and _), not the key',
      );
    if (!env[named]) throw new InputError(`--chat-key-env names ${named}, which is not set`);
    return named;
  }
  return new URL(baseUrl).origin === OPENAI_ORIGIN && env[DEFAULT_KEY_VARIABLE] ? DEFAULT_KEY_VARIABLE : undefined;
}

/**
 * What a 401/403 says when no key was sent: the user's next step (with a key sent, the remote
 * client names its variable itself).
 */
export function chatKeyHint(baseUrl: string): string {
  if (new URL(baseUrl).origin === OPENAI_ORIGIN) return `no key was sent: set ${DEFAULT_KEY_VARIABLE}`;
  return `no key was sent (${DEFAULT_KEY_VARIABLE} goes to ${OPENAI_ORIGIN} only): pass --chat-key-env NAME, the variable holding this endpoint's key`;
}
