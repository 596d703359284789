import { describe, expect, it } from 'vitest';
import { maskPii } from '../../src/traffic/mask-pii.js';

// Issue 40 item 6: masking ran before NFKC and knew only one separator between a number's
// groups, so card numbers split by two spaces, `/`, `,`, `_`, zero-width characters or soft
// hyphens, or typed in fullwidth digits, reached the log summaries whole. Each form below is a
// test card number (4111 1111 1111 1111: Visa's, Luhn-valid) or a phone, typed another way.

const CARD = ['4111', '1111', '1111', '1111'];
const joined = (sep: string) => CARD.join(sep);
const fullwidth = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(0xff10 + Number(d)));

const masked: [string, string, string][] = [
  ['one space', `card ${joined(' ')}`, 'card <number>'],
  ['two spaces', `card ${joined('  ')}`, 'card <number>'],
  ['three spaces', `card ${joined('   ')}`, 'card <number>'],
  ['slash', `card ${joined('/')}`, 'card <number>'],
  ['spaced slash', `card ${joined(' / ')}`, 'card <number>'],
  ['comma', `card ${joined(',')}`, 'card <number>'],
  ['comma and space', `card ${joined(', ')}`, 'card <number>'],
  ['underscore', `card ${joined('_')}`, 'card <number>'],
  ['dash', `card ${joined('-')}`, 'card <number>'],
  ['dot', `card ${joined('.')}`, 'card <number>'],
  ['mixed separators', 'card 4111 1111/1111_1111', 'card <number>'],
  ['no-break space', `card ${joined('\u00A0')}`, 'card <number>'],
  ['zero-width space', `card ${joined('\u200B')}`, 'card <number>'],
  ['zero-width non-joiner', `card ${joined('\u200C')}`, 'card <number>'],
  ['zero-width joiner', `card ${joined('\u200D')}`, 'card <number>'],
  ['word joiner', `card ${joined('\u2060')}`, 'card <number>'],
  ['byte-order mark', `card ${joined('\uFEFF')}`, 'card <number>'],
  ['soft hyphen', `card ${joined('\u00AD')}`, 'card <number>'],
  ['zero-width between every digit', `card ${CARD.join('').split('').join('\u200B')}`, 'card <number>'],
  ['soft hyphen and two spaces', `card ${joined('\u00AD  ')}`, 'card <number>'],
  ['fullwidth digits, spaces', `card ${fullwidth(joined(' '))}`, 'card <number>'],
  ['fullwidth digits, no separator', `card ${fullwidth(joined(''))}`, 'card <number>'],
  ['fullwidth digits, ideographic space', `card ${fullwidth(joined('\u3000'))}`, 'card <number>'],
  ['fullwidth solidus', `card ${fullwidth(joined('\uFF0F'))}`, 'card <number>'],
  ['fullwidth comma', `card ${fullwidth(joined('\uFF0C'))}`, 'card <number>'],
  ['fullwidth low line', `card ${fullwidth(joined('\uFF3F'))}`, 'card <number>'],
  ['bare digits', `pay ${joined('')} please`, 'pay <number> please'],
  ['Amex layout 4-6-5', 'amex 3782 822463 10005', 'amex <number>'],
  ['Mastercard', 'mc 5500  0000  0000  0004', 'mc <number>'],
  ['19 digits 4-4-4-4-3', 'card 4111 1111 1111 1111 111', 'card <number>'],
  ['card layout without a valid Luhn digit', 'card 1234  5678  9012  3456', 'card <number>'],
  ['Luhn-valid, odd grouping', 'card 41 111 111 111 111 11', 'card <number>'],
  ['fullwidth phone', `call ＋${fullwidth('44 20 7946 0958')}`, 'call <phone>'],
  ['phone with a zero-width space', 'call +44\u200B20 7946 0958', 'call <phone>'],
  ['e-mail with a zero-width space', 'mail jane\u200B.doe@example.com', 'mail <email>'],
];

const leftAlone: [string, string][] = [
  ['error code', 'error E1042 on sync'],
  ['year range', 'changes 2023-2024'],
  ['two ISO dates, two spaces', 'from 2024-01-15  2024-01-16'],
  ['two ISO dates, slash', 'from 2024-01-15/2024-01-16'],
  ['version', 'upgrade to 3.2.1'],
  ['thousands', '1,000,000 users'],
  ['IPv4', 'server 192.168.10.254 unreachable'],
  ['prices', 'price 12,99 / 15,49'],
  ['six digits', 'ticket 123456'],
  ['short groups', 'room 12 34 56'],
  ['port', 'port 8787 refused'],
  ['hex code', 'error 0x80070005'],
  ['timestamp', 'at 2024-01-15T10:30:00Z'],
  ['fraction', '3 / 4 cups'],
  ['identifier', 'set a_b_1_2 to 3'],
  ['page list', 'see pages 12, 34, 56 and 78'],
];

describe('maskPii after NFKC: card numbers and phones however they are typed', () => {
  it('has at least 40 forms', () => {
    expect(masked.length + leftAlone.length + 1).toBeGreaterThanOrEqual(40);
  });

  it.each(masked)('masks: %s', (_name, text, expected) => {
    expect(maskPii(text).text).toBe(expected);
  });

  it.each(leftAlone)('leaves alone: %s', (_name, text) => {
    expect(maskPii(text)).toEqual({ text, counts: { email: 0, phone: 0, number: 0 } });
  });

  it('leaves a fullwidth year alone, in its NFKC form', () => {
    expect(maskPii('release ２０２４')).toEqual({ text: 'release 2024', counts: { email: 0, phone: 0, number: 0 } });
  });
});
