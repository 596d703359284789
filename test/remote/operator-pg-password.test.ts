import { describe, expect, it } from 'vitest';
import { useOperatorPgPassword } from '../../src/remote/operator-pg-password.js';

/**
 * `testbed serve --pg-password-env NAME`: a request's postgres URL carries no password, so the
 * operator names the variable holding it; the pg client then reads it as PGPASSWORD. A name
 * that is not set is refused at start, naming it.
 */
describe('serve --pg-password-env', () => {
  it('hands the named variable to the pg client as PGPASSWORD', () => {
    const env: NodeJS.ProcessEnv = { SEARCH_DB_PW: 's3cret' };
    useOperatorPgPassword('SEARCH_DB_PW', env);
    expect(env.PGPASSWORD).toBe('s3cret');
  });

  it('refuses a variable that is not set, or a name that is not one', () => {
    expect(() => useOperatorPgPassword('MISSING_PW', {})).toThrow(
      '--pg-password-env MISSING_PW: the environment variable MISSING_PW is not set',
    );
    expect(() => useOperatorPgPassword('MISSING_PW', { MISSING_PW: '' })).toThrow(/is not set/);
    expect(() => useOperatorPgPassword('a b', {})).toThrow(/name of an environment variable/);
  });
});
