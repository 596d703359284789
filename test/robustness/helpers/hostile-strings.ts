import fc from 'fast-check';

/**
 * Fragments that have broken query parsers somewhere: FTS5 operators and quoting, control and
 * invisible characters (NUL, BOM, bidi marks), lone surrogates, combining marks, emoji
 * sequences, characters whose NFKC or lower-case form is longer than themselves, and
 * percent/backslash escapes.
 */
export const FRAGMENTS = [
  '"',
  "'",
  '""',
  'AND',
  'OR',
  'NOT',
  'NEAR',
  'NEAR(',
  'NEAR/2',
  ')',
  '(',
  '*',
  '^',
  '-',
  '+',
  ':',
  'title:',
  'text:',
  '{title text}:',
  'chunks_fts',
  '\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
  '\uFEFF',
  '\uFFFD',
  '\uFFFF',
  '\ud800',
  '\udfff',
  '\udbff\udfff',
  '\u200e',
  '\u200f',
  '\u202e',
  '\u2066',
  '\u200b',
  '\u00a0',
  '\u3000',
  '\u0301',
  '\u0308\u0308\u0308',
  'e\u0301',
  '\u0345',
  '\u20dd',
  '🙂',
  '👩\u200d👩\u200d👧',
  '🇫🇷',
  '1\ufe0f\u20e3',
  'ﷺ',
  'ﬁ',
  'Ⅻ',
  '①',
  'İ',
  'ß',
  'ǅ',
  'ΐ',
  'Å',
  'Å',
  'שלום',
  'مرحبا',
  '日本語',
  'ไทย',
  'Ελληνικά',
  '%',
  '%00',
  '%zz',
  '\\',
  '\\u0000',
  '$1',
  '?',
  '&',
  '#',
  '=',
  ';',
  'E1042',
  'password',
  'reset',
  'install',
  'linux',
  'the',
  'a',
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
];

/** Any query text: raw unicode (every code point, lone surrogates included), graphemes, hostile fragments, and long strings up to the 2,000-character limit. */
export function queryText(maxLength = 2000): fc.Arbitrary<string> {
  const fragments = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 60 }).map((a) => a.join(''));
  const long = fc
    .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ unit: 'binary', maxLength: 8 })), {
      minLength: 200,
      maxLength: 800,
    })
    .map((a) => a.join(' ').slice(0, maxLength));
  return fc.oneof(
    { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
    { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
    { arbitrary: fragments, weight: 4 },
    {
      arbitrary: fc.string({ unit: 'binary', minLength: 1000, maxLength }).map((s) => s.slice(0, maxLength)),
      weight: 1,
    },
    { arbitrary: long, weight: 1 },
  );
}

/** Percent-encodes any string for a URL, lone surrogates included (as U+FFFD, the way a browser sends them). */
export function percentEncode(s: string): string {
  return [...new TextEncoder().encode(s)].map((b) => '%' + b.toString(16).padStart(2, '0')).join('');
}
