// Combining marks that follow a Latin, Greek or Cyrillic letter: accents, umlauts, tonos,
// breve. Marks in other scripts (Thai vowels, Devanagari matras, Arabic harakat) are part of
// the spelling and are never removed.
const FOLDABLE_MARKS = /(?<=[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]\p{M}*)\p{M}/gu;

/**
 * NFKC (full-width letters, ligatures and compatibility forms become plain ones), then lower
 * case, then, unless `keepDiacritics`, accents on Latin/Greek/Cyrillic letters are removed.
 * Documents and queries go through the same function, so "Café", "cafe" and "ｃａｆｅ" meet.
 */
export function normalizeText(text: string, keepDiacritics = false): string {
  const folded = text.normalize('NFKC').toLowerCase();
  if (keepDiacritics) return folded;
  return folded.normalize('NFD').replace(FOLDABLE_MARKS, '').normalize('NFC');
}
