import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyQuery, normalizeQuery, queryKey } from '../../src/traffic/query-key.js';

describe('normalizeQuery', () => {
  it('folds fullwidth letters and digits (NFKC)', () => {
    expect(normalizeQuery('Ｒｅｓｅｔ ２ＦＡ')).toBe('reset 2fa');
  });

  it('folds ligatures (NFKC)', () => {
    expect(normalizeQuery('ﬁle ofﬂine')).toBe('file offline');
  });

  it('lower-cases', () => {
    expect(normalizeQuery('Reset PASSWORD')).toBe('reset password');
  });

  it('turns every run of white space into one space and trims', () => {
    expect(normalizeQuery('  reset \t\n password\u00a0\u00a0now  ')).toBe('reset password now');
  });
});

describe('queryKey', () => {
  it('is log- and the first 12 hex characters of the SHA-256 of the text', () => {
    const text = 'reset password';
    const hex = createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');
    expect(queryKey(text)).toBe(`log-${hex.slice(0, 12)}`);
    expect(queryKey(text)).toMatch(/^log-[0-9a-f]{12}$/);
  });

  it('hashes the UTF-8 bytes, so non-ASCII text keys the same everywhere', () => {
    const text = 'übersicht café';
    const bytes = Buffer.from(text, 'utf8');
    expect(bytes.length).toBeGreaterThan(text.length);
    expect(queryKey(text)).toBe(`log-${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}`);
  });

  it('differs for different texts', () => {
    expect(queryKey('reset password')).not.toBe(queryKey('reset passwords'));
  });
});

describe('keyQuery', () => {
  it('gives the same key to texts that normalise alike', () => {
    expect(keyQuery('  RESET  password').key).toBe(keyQuery('reset password').key);
    expect(keyQuery('Reset Password').key).toBe(queryKey('reset password'));
  });

  it('masks before keying, unless personal data is kept', () => {
    const masked = keyQuery('Call +44 20 7946 0958');
    expect(masked.text).toBe('Call <phone>');
    expect(masked.normalized).toBe('call <phone>');
    expect(masked.key).toBe(queryKey('call <phone>'));
    expect(masked.masked.phone).toBe(1);
    // Two different numbers are one query once masked.
    expect(keyQuery('call +44 20 7946 0000').key).toBe(masked.key);

    const kept = keyQuery('Call +44 20 7946 0958', true);
    expect(kept.text).toBe('Call +44 20 7946 0958');
    expect(kept.key).toBe(queryKey('call +44 20 7946 0958'));
    expect(kept.masked).toEqual({ email: 0, phone: 0, number: 0 });
  });
});
