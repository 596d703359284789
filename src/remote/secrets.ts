import { InputError } from '../errors.js';
import { rememberSecret } from './known-secrets.js';

/**
 * Header values may name environment variables, `${env:SEARCH_API_KEY}` (alone or inside text,
 * as in `Bearer ${env:KEY}`), so a key lives in the environment and never in an experiment
 * file, a report or a log. Resolved when a request is made; reports show the headers redacted (shown-headers.ts).
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
      // Known from now on, so an error body that echoes it has it cut out (known-secrets.ts).
      rememberSecret(v);
      return v;
    });
  }
  return out;
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
    rememberSecret(v);
    return urlEncode ? encodeURIComponent(v) : v;
  });
}
