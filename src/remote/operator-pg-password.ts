import { InputError } from '../errors.js';

/**
 * `testbed serve --pg-password-env NAME`: the password of PostgreSQL legs sent over HTTP, which
 * may not carry one (request-postgres-url.ts), read from the operator's variable NAME. It is
 * handed to the pg client as PGPASSWORD, the variable the client reads for a URL without a
 * password, in this process's environment, so the search workers and job processes the server
 * starts afterwards read it too. A missing or empty NAME is refused at start, not at the first
 * search.
 */
export function useOperatorPgPassword(name: string, env: NodeJS.ProcessEnv = process.env): void {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
    throw new InputError(`--pg-password-env takes the name of an environment variable, got "${name}"`);
  const value = env[name];
  if (value === undefined || value === '')
    throw new InputError(`--pg-password-env ${name}: the environment variable ${name} is not set`);
  env.PGPASSWORD = value;
}
