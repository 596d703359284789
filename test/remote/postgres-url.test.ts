import { describe, expect, it } from 'vitest';
import { checkRemoteUrl, normalOrigin } from '../../src/remote/allowed-origins.js';
import {
  postgresOrigin,
  postgresUrlProblem,
  resolvePostgresUrl,
  shownPostgresUrl,
} from '../../src/remote/postgres-url.js';

describe('PostgreSQL URLs: secrets from the environment, never shown', () => {
  it('a password written out, in the userinfo or a password parameter, is refused; ${env:} references pass', () => {
    expect(postgresUrlProblem('postgres://me:hunter2@db:5432/search')).toMatch(/password written out/);
    expect(postgresUrlProblem('postgres://me@db/search?password=hunter2')).toMatch(/password written out/);
    expect(postgresUrlProblem('postgres://me:${env:PW}@db:5432/search')).toBeUndefined();
    expect(postgresUrlProblem('postgresql://me@db/search?sslmode=require')).toBeUndefined();
    expect(postgresUrlProblem('postgres://db/search')).toBeUndefined();
    expect(postgresUrlProblem('http://db/search')).toMatch(/postgres:\/\//);
  });

  it('resolves ${env:NAME} URL-encoded, so a password holding @ / : stays in the userinfo', () => {
    const env = { PW: 'p@ss/w:rd', WHO: 'me' };
    expect(resolvePostgresUrl('postgres://${env:WHO}:${env:PW}@db:5432/search', 'leg "pg"', env)).toBe(
      `postgres://me:${encodeURIComponent('p@ss/w:rd')}@db:5432/search`,
    );
    expect(() => resolvePostgresUrl('postgres://me:${env:PW}@db/x', 'leg "pg"', {})).toThrow(
      'leg "pg": url needs the environment variable PW, which is not set',
    );
  });

  it('shows the password and secret parameters as (set), whatever they hold', () => {
    expect(shownPostgresUrl('postgres://me:${env:PW}@db:5432/search')).toBe('postgres://me:(set)@db:5432/search');
    expect(shownPostgresUrl('postgres://me:hunter2@db/search?sslmode=require&sslpassword=x')).toBe(
      'postgres://me:(set)@db/search?sslmode=require&sslpassword=(set)',
    );
    expect(shownPostgresUrl('postgres://db/search')).toBe('postgres://db/search');
  });

  it('has the origin postgres://host:port, port 5432 when not given, which --allow-remote names', () => {
    expect(postgresOrigin('postgres://me:${env:PW}@DB.example/search', 'x')).toBe('postgres://db.example:5432');
    expect(postgresOrigin('postgresql://db:6543/search', 'x')).toBe('postgres://db:6543');
    expect(normalOrigin('postgres://db:5432')).toBe('postgres://db:5432');
    expect(() => checkRemoteUrl('postgres://db/search', ['postgres://db:5432'], 'legs.0')).not.toThrow();
    expect(() => checkRemoteUrl('postgres://other/search', ['postgres://db:5432'], 'legs.0')).toThrow(
      /does not call postgres:\/\/other:5432; start it with --allow-remote postgres:\/\/other:5432/,
    );
  });
});
