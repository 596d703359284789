/** How many of each kind of personal data one masking replaced. */
export interface MaskCounts {
  email: number;
  phone: number;
  number: number;
}

/** Masked text and what was masked in it. */
export interface MaskedText {
  text: string;
  counts: MaskCounts;
}

// Local part, @ (or the fullwidth ＠ a pasted address may carry), a domain with at least one dot and a
// top-level label of two or more letters.
const EMAIL = /[\p{L}\p{N}._%+-]+[@＠][\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;

// A phone candidate: an optional +, an optional bracketed area code, then digit groups joined by one
// space, dot or dash (or a bracketed group). It may not continue a word, a version (v12.4.0) or a
// dotted key, nor run into a letter or another digit group.
const PHONE =
  /(?<![\p{L}\p{N}_.+-])(?:\+\s?)?(?:\(\p{Nd}+\)\s?)?\p{Nd}+(?:[\s.-]\p{Nd}+|[\s.-]?\(\p{Nd}+\)\s?\p{Nd}+)*(?![\p{L}\p{N}_]|[.-]\p{Nd})/gu;

// Characters that show nothing but split a digit run so the patterns below miss it: zero-width
// space, non-joiner and joiner, word joiner, byte-order mark, soft hyphen. A query keeps none of them.
// An alternation, not a class: a class holding U+200D reads to linters as an emoji sequence.
const INVISIBLE = /\u00AD|\u200B|\u200C|\u200D|\u2060|\uFEFF/gu;

// A card number candidate: digit groups joined by one to three spaces, slashes, commas, underscores,
// dots or dashes (what people type or paste between a card's groups), not continuing a word.
const CARD_CANDIDATE = /(?<![\p{L}\p{N}_])\p{Nd}+(?:[\s/,_.-]{1,3}\p{Nd}+)+(?![\p{L}\p{N}_])/gu;
const ISO_DATE_INSIDE = /\p{Nd}{4}-\p{Nd}{2}-\p{Nd}{2}/u;

// A hex literal (0x80070005, a Windows error code) is matched whole so that its digits are left alone.
const LONG_NUMBER = /\b0x[0-9a-f]+\b|\p{Nd}{7,}/giu;

const DIGIT = /\p{Nd}/gu;
const ISO_DATE = /^\p{Nd}{4}-\p{Nd}{2}-\p{Nd}{2}$/u;
const IPV4 = /^\p{Nd}{1,3}(?:\.\p{Nd}{1,3}){3}$/u;
const YEARS = /^(?:19|20)\p{Nd}{2}(?:[\s.-](?:19|20)\p{Nd}{2})+$/u;

/**
 * Masks the personal data a search box collects (people paste e-mail addresses, phone numbers,
 * order and account numbers), so a query set sampled from a log can be shared and committed:
 *
 * - e-mail addresses become `<email>`;
 * - phone numbers become `<phone>`: an optional `+`, then digits grouped by spaces, dots, dashes or
 *   brackets, at least 8 digits in all, and written as a phone is (a `+` or at least one separator:
 *   a bare run of digits is a number, below);
 * - card numbers become `<number>`: 13 to 19 digits in groups joined by one to three spaces, `/`,
 *   `,`, `_`, `.` or `-`, whose digits pass the Luhn check or whose groups are laid out as a card's
 *   (4-4-4-4, 4-6-5);
 * - any other run of 7 or more digits becomes `<number>`.
 *
 * The text is NFKC-normalised first (fullwidth digits and separators become ASCII, as
 * normalizeQuery does before counting), and zero-width characters and soft hyphens are removed,
 * so no invisible or compatibility character splits a number the patterns would catch.
 *
 * What must stay readable because it is what people search for is left alone: error codes (E1042),
 * hex error codes (0x80070005), versions (3.2.1, v12.4.0), years (2024) and year ranges (2023-2024),
 * ISO dates (2024-01-15), IPv4 addresses, dotted config keys (sync.interval) and ports (8787). Digits are matched in any script
 * (`\p{Nd}`), so fullwidth digits do not slip through.
 */
export function maskPii(text: string): MaskedText {
  const counts: MaskCounts = { email: 0, phone: 0, number: 0 };
  let out = text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(EMAIL, () => {
      counts.email++;
      return '<email>';
    });
  out = out.replace(CARD_CANDIDATE, (match) => {
    if (!looksLikeCard(match)) return match;
    counts.number++;
    return '<number>';
  });
  out = out.replace(PHONE, (match) => {
    if (!looksLikePhone(match)) return match;
    counts.phone++;
    return '<phone>';
  });
  out = out.replace(LONG_NUMBER, (match) => {
    if (/^0x/i.test(match)) return match;
    counts.number++;
    return '<number>';
  });
  return { text: out, counts };
}

/** Adds `more` into `total`, for a summary over many searches. */
export function addMaskCounts(total: MaskCounts, more: MaskCounts): void {
  total.email += more.email;
  total.phone += more.phone;
  total.number += more.number;
}

function looksLikeCard(candidate: string): boolean {
  const groups = candidate.match(/\p{Nd}+/gu) ?? [];
  const digits = groups.join('');
  if (digits.length < 13 || digits.length > 19 || ISO_DATE_INSIDE.test(candidate)) return false;
  const layout = groups.map((g) => g.length).join('-');
  return passesLuhn(digits) || /^4-4-4-4(-[1-3])?$/.test(layout) || /^4-6-[45]$/.test(layout);
}

/** The Luhn (mod 10) check every payment card number satisfies. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function looksLikePhone(candidate: string): boolean {
  if ((candidate.match(DIGIT) ?? []).length < 8) return false;
  if (!candidate.startsWith('+') && !/[^\p{Nd}]/u.test(candidate)) return false;
  return !ISO_DATE.test(candidate) && !IPV4.test(candidate) && !YEARS.test(candidate);
}
