import { InputError } from '../errors.js';
import { originOf } from '../remote/allowed-origins.js';
import { DEFAULT_MAX_RESPONSE_MB, MAX_RESPONSE_MB_LIMIT } from '../remote/read-capped.js';
import type { TlsOptions } from '../remote/tls.js';
import { KEY_HEADERS, keyHeaderFor, type KeyHeader } from './azure-openai.js';

/**
 * How the openai embedder calls its endpoint. None of these changes a vector, so they come from
 * the environment and not from the spec: the spec is the embedder id that keys the embedding
 * cache, and a build with another batch size or timeout must still find the vectors of the last.
 */
export interface OpenAISettings {
  /** Inputs per request (OpenAI accepts at most 2048). */
  batch: number;
  /** Characters per request, summed over its inputs; a longer single text goes alone. */
  maxChars: number;
  concurrency: number;
  timeoutMs: number;
  retries: number;
  backoffMs: number;
  /** The longest answer read, MB (remote/read-capped.ts). */
  maxResponseMb: number;
  /** The longest input the model reads whole, in its tokens (recorded in the index; sizes the auto chunker). */
  maxTokens: number;
  /** Whether maxTokens is the model's known limit (published, or TESTBED_OPENAI_MAX_TOKENS), not the fallback guess. */
  maxTokensKnown: boolean;
  /** The environment variable whose value is sent as the key, when one is. */
  keyVariable: string | undefined;
  /** The header the key goes in: Authorization (Bearer) or Azure's api-key (azure-openai.ts). */
  keyHeader: KeyHeader;
  /** A CA file, a client certificate, or no verification (remote/tls.ts); undefined: the defaults. */
  tls?: TlsOptions;
}

/** Where the default key variable is sent without being asked: OpenAI's own API. */
export const OPENAI_ORIGIN = 'https://api.openai.com';
export const DEFAULT_KEY_VARIABLE = 'OPENAI_API_KEY';

/**
 * OpenAI caps a request at 300,000 tokens summed over its inputs; byte-level BPE can spend up
 * to about 3 tokens on one character (CJK, emoji), so 100,000 characters stays under the cap
 * whatever the script. Other servers have smaller batch limits, hence 64 inputs.
 */
const DEFAULTS = {
  batch: 64,
  maxChars: 100_000,
  concurrency: 8,
  timeoutMs: 60_000,
  retries: 4,
  backoffMs: 500,
  maxResponseMb: DEFAULT_MAX_RESPONSE_MB,
} as const;

/**
 * Published input limits: OpenAI's embedding models read 8191 tokens. Anything else (a model
 * served by TEI, vLLM, Ollama, LM Studio) is unknown to us; 512 is the limit of the BERT-family
 * models most of them serve, and TESTBED_OPENAI_MAX_TOKENS sets the real one.
 */
const KNOWN_MAX_TOKENS: [RegExp, number][] = [[/^text-embedding-(3-small|3-large|ada-002)$/, 8191]];
const FALLBACK_MAX_TOKENS = 512;

const ENV = {
  batch: 'TESTBED_OPENAI_BATCH',
  maxChars: 'TESTBED_OPENAI_MAX_CHARS',
  concurrency: 'TESTBED_OPENAI_CONCURRENCY',
  timeoutMs: 'TESTBED_OPENAI_TIMEOUT_MS',
  retries: 'TESTBED_OPENAI_RETRIES',
  backoffMs: 'TESTBED_OPENAI_BACKOFF_MS',
  maxResponseMb: 'TESTBED_OPENAI_MAX_RESPONSE_MB',
  maxTokens: 'TESTBED_OPENAI_MAX_TOKENS',
  keyVariable: 'TESTBED_OPENAI_KEY_VAR',
  keyOrigin: 'TESTBED_OPENAI_KEY_ORIGIN',
  keyHeader: 'TESTBED_OPENAI_KEY_HEADER',
  caFile: 'TESTBED_OPENAI_CA_FILE',
  clientCert: 'TESTBED_OPENAI_CLIENT_CERT',
  clientKey: 'TESTBED_OPENAI_CLIENT_KEY',
  insecure: 'TESTBED_OPENAI_INSECURE',
} as const;

/** What an answer over the size cap advises: the two settings that change its size or the cap. */
export const TOO_LARGE_HINT = `embed fewer texts per request (${ENV.batch}), or raise ${ENV.maxResponseMb}`;

/** The variable that says which origin TESTBED_OPENAI_KEY_VAR's key is for. */
export const KEY_ORIGIN_VARIABLE = ENV.keyOrigin;

/** The settings for one model and endpoint from `env`; a malformed value is an error naming its variable. */
export function openAISettings(model: string, baseUrl: string, env: NodeJS.ProcessEnv = process.env): OpenAISettings {
  const int = (name: keyof typeof ENV, fallback: number, min: number, max: number): number => {
    const raw = env[ENV[name]];
    if (raw === undefined || raw.trim() === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new InputError(`${ENV[name]} must be an integer in ${min}..${max}, got "${raw}"`);
    return n;
  };
  return {
    batch: int('batch', DEFAULTS.batch, 1, 2048),
    maxChars: int('maxChars', DEFAULTS.maxChars, 1, 100_000_000),
    concurrency: int('concurrency', DEFAULTS.concurrency, 1, 256),
    timeoutMs: int('timeoutMs', DEFAULTS.timeoutMs, 1, 3_600_000),
    retries: int('retries', DEFAULTS.retries, 0, 20),
    backoffMs: int('backoffMs', DEFAULTS.backoffMs, 0, 60_000),
    maxResponseMb: int('maxResponseMb', DEFAULTS.maxResponseMb, 1, MAX_RESPONSE_MB_LIMIT),
    maxTokens: int('maxTokens', defaultMaxTokens(model), 1, 10_000_000),
    maxTokensKnown:
      (env[ENV.maxTokens] !== undefined && env[ENV.maxTokens]!.trim() !== '') ||
      KNOWN_MAX_TOKENS.some(([pattern]) => pattern.test(model)),
    keyVariable: keyVariable(baseUrl, env),
    keyHeader: keyHeaderFor(baseUrl, keyHeaderSetting(env)),
    ...tlsSettings(env),
  };
}

function keyHeaderSetting(env: NodeJS.ProcessEnv): KeyHeader | undefined {
  const raw = env[ENV.keyHeader];
  if (raw === undefined || raw === '') return undefined;
  const header = raw.toLowerCase() as KeyHeader;
  if (!KEY_HEADERS.includes(header))
    throw new InputError(`${ENV.keyHeader} must be one of ${KEY_HEADERS.join(', ')}, got "${raw}"`);
  return header;
}

/**
 * TLS towards the endpoint, from TESTBED_OPENAI_CA_FILE, TESTBED_OPENAI_CLIENT_CERT and
 * TESTBED_OPENAI_CLIENT_KEY (PEM files) and TESTBED_OPENAI_INSECURE=1 (no verification); the
 * errors about them name these variables.
 */
function tlsSettings(env: NodeJS.ProcessEnv): { tls?: TlsOptions } {
  const file = (name: 'caFile' | 'clientCert' | 'clientKey') => {
    const v = env[ENV[name]];
    return v === undefined || v === '' ? {} : { [name]: v };
  };
  const insecureRaw = env[ENV.insecure];
  if (insecureRaw !== undefined && !['', '0', '1', 'true', 'false'].includes(insecureRaw))
    throw new InputError(`${ENV.insecure} must be 1 (or true) to skip verifying certificates, got "${insecureRaw}"`);
  const tls: TlsOptions = {
    ...file('caFile'),
    ...file('clientCert'),
    ...file('clientKey'),
    ...((insecureRaw === '1' || insecureRaw === 'true') && { insecure: true }),
  };
  if (Object.keys(tls).length === 0) return {};
  const names = {
    caFile: ENV.caFile,
    clientCert: ENV.clientCert,
    clientKey: ENV.clientKey,
    insecure: `${ENV.insecure}=1`,
  };
  return { tls: { ...tls, names } };
}

function defaultMaxTokens(model: string): number {
  return KNOWN_MAX_TOKENS.find(([pattern]) => pattern.test(model))?.[1] ?? FALLBACK_MAX_TOKENS;
}

/**
 * OPENAI_API_KEY is exported in many shells: sending it to whatever base URL an experiment
 * names would hand an OpenAI key to a colleague's GPU box, in clear text over http. So the
 * default variable goes to api.openai.com only; any other endpoint gets a key when
 * TESTBED_OPENAI_KEY_VAR names the variable (which may be OPENAI_API_KEY itself), and, when
 * TESTBED_OPENAI_KEY_ORIGIN names the origin that key is for, only an endpoint on that origin.
 */
function keyVariable(baseUrl: string, env: NodeJS.ProcessEnv): string | undefined {
  const named = env[ENV.keyVariable];
  if (named !== undefined && named !== '') {
    // The value is not repeated: set by mistake, it may be the key itself.
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(named))
      throw new InputError(
        `${ENV.keyVariable} must be the name of the environment variable holding the key (letters, digits and _), not the key`,
      );
    if (!env[named]) throw new InputError(`${ENV.keyVariable} names ${named}, which is not set`);
    const keyOrigin = keyOriginOf(env);
    return keyOrigin === undefined || new URL(baseUrl).origin === keyOrigin ? named : undefined;
  }
  return new URL(baseUrl).origin === OPENAI_ORIGIN && env[DEFAULT_KEY_VARIABLE] ? DEFAULT_KEY_VARIABLE : undefined;
}

/** TESTBED_OPENAI_KEY_ORIGIN as an origin (scheme://host:port), or undefined when unset; InputError naming it when malformed. */
export function keyOriginOf(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env[ENV.keyOrigin];
  return value === undefined || value === '' ? undefined : originOf(value, ENV.keyOrigin);
}

/**
 * What a 401/403 says when no key was sent: the user's next step (with a key sent, the remote
 * client names its variable itself, so this is asked only without one).
 */
export function noKeyHint(baseUrl: string, env: NodeJS.ProcessEnv = process.env): string {
  const named = env[ENV.keyVariable];
  const keyOrigin = keyOriginOf(env);
  if (named && keyOrigin) return `no key was sent (the key in ${named} goes to ${keyOrigin} only: ${ENV.keyOrigin})`;
  if (new URL(baseUrl).origin === OPENAI_ORIGIN) return `no key was sent: set ${DEFAULT_KEY_VARIABLE}`;
  return `no key was sent (${DEFAULT_KEY_VARIABLE} goes to ${OPENAI_ORIGIN} only): set ${ENV.keyVariable} to the name of the variable holding this endpoint's key`;
}
