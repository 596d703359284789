import { describe, expect, it } from 'vitest';
import { maskPii } from '../../src/traffic/mask-pii.js';

describe('maskPii', () => {
  it('masks e-mail addresses', () => {
    expect(maskPii('password reset for jane.doe+test@example.co.uk please')).toEqual({
      text: 'password reset for <email> please',
      counts: { email: 1, phone: 0, number: 0 },
    });
  });

  it.each([
    ['call +44 20 7946 0958 about billing', 'call <phone> about billing'],
    ['call (030) 1234-5678', 'call <phone>'],
    ['+1 (555) 123-4567 after hours', '<phone> after hours'],
    ['support 555.123.4567', 'support <phone>'],
    ['+4915112345678 not delivered', '<phone> not delivered'],
    ['fax 0049-30-1234567', 'fax <phone>'],
  ])('masks the phone number in %j', (input, masked) => {
    const out = maskPii(input);
    expect(out.text).toBe(masked);
    expect(out.counts).toEqual({ email: 0, phone: 1, number: 0 });
  });

  it('does not take a short grouped number (fewer than 8 digits) for a phone', () => {
    expect(maskPii('room 12 34 56').text).toBe('room 12 34 56');
  });

  it('masks bare runs of 7 or more digits as numbers, not phones', () => {
    expect(maskPii('order 1234567 and account 98765432109')).toEqual({
      text: 'order <number> and account <number>',
      counts: { email: 0, phone: 0, number: 2 },
    });
    // Six digits are not enough.
    expect(maskPii('ticket 123456').text).toBe('ticket 123456');
  });

  it('masks digits in other scripts too (fullwidth)', () => {
    expect(maskPii('order １２３４５６７').text).toBe('order <number>');
  });

  it('counts every mask in one text', () => {
    expect(maskPii('a@b.io or c@d.org, +1 555 123 4567, id 7654321').counts).toEqual({
      email: 2,
      phone: 1,
      number: 1,
    });
  });

  it.each([
    'error E1042 on sync',
    'upgrade to 3.2.1',
    'node v12.4.0 crash',
    'release notes 2024',
    'changes 2023-2024',
    'logs from 2024-01-15',
    'set sync.interval to 30',
    'port 8787 refused',
    'localhost:8787/api',
    'server 192.168.10.254 unreachable',
    'error 0x80070005',
  ])('leaves %j alone', (text) => {
    expect(maskPii(text)).toEqual({ text, counts: { email: 0, phone: 0, number: 0 } });
  });
});
