import { InputError } from '../errors.js';

/**
 * Header values may name environment variables, `${env:SEARCH_API_KEY}` (alone or inside text,
 * as in `Bearer ${env:KEY}`), so a key lives in the environment and never in an experiment
 * file, a report or a log. Resolved when a request is made; reports show the headers redacted.
 */
const ENV_REF = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The first environment variable a header value reads (`${env:NAME}` -> NAME), if any. */
export function envVariableIn(value: string): string | undefined {
  ENV_REF.lastIndex = 0;
  return ENV_REF.exec(value)?.[1];
}

/** Every environment variable a header value reads, in order, each once. */
export function envVariablesIn(value: string): string[] {
  return [...new Set([...value.matchAll(ENV_REF)].map((m) => m[1]!))];
}

/** The header values with every `${env:NAME}` replaced from `env`; a missing variable is an error naming it. */
export function resolveHeaders(
  headers: Readonly<Record<string, string>>,
  what: string,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = value.replace(ENV_REF, (_, variable: string) => {
      const v = env[variable];
      if (v === undefined || v === '')
        throw new InputError(`${what}: header ${name} needs the environment variable ${variable}, which is not set`);
      return v;
    });
  }
  return out;
}

/**
 * How headers are shown in reports and job records: a value built from environment variables
 * keeps its references (`Bearer ${env:KEY}`), and any other value of a header that usually
 * carries a secret is replaced by `(set)`.
 */
export function redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = envVariableIn(value) !== undefined || !isSecretHeader(name) ? value : '(set)';
  }
  return out;
}

const SECRET_HEADER = /authorization|api[-_]?key|token|secret|cookie|password/i;

/** Whether a header of this name usually carries a credential (Authorization, api-key, X-Api-Token, Cookie, ...). */
export function isSecretHeader(name: string): boolean {
  return SECRET_HEADER.test(name);
}

/**
 * One text (a database URL) with every `${env:NAME}` replaced from `env`, each value
 * URL-encoded when `urlEncode` is set (a password holding `@` or `/` would otherwise end the
 * URL's userinfo early); a missing variable is an error naming `what`, `field` and the variable.
 */
export function resolveEnvText(
  value: string,
  what: string,
  field: string,
  { env = process.env, urlEncode = false }: { env?: NodeJS.ProcessEnv; urlEncode?: boolean } = {},
): string {
  return value.replace(ENV_REF, (_, variable: string) => {
    const v = env[variable];
    if (v === undefined || v === '')
      throw new InputError(`${what}: ${field} needs the environment variable ${variable}, which is not set`);
    return urlEncode ? encodeURIComponent(v) : v;
  });
}
