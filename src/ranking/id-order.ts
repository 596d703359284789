/**
 * Compares two ids as C's strcmp compares their UTF-8 bytes, which is trec_eval's tie-break
 * (and SQLite's BINARY collation). UTF-8 byte order is code point order; JavaScript's `<`
 * compares UTF-16 code units, which puts U+E000..U+FFFF after astral characters (surrogates
 * D800..DFFF), so only that pair of ranges is remapped. No allocation: it runs inside sorts.
 */
export function compareIdBytes(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

// Surrogates (D800..DFFF, the start of a code point above FFFF) move above E000..FFFF.
function codePointRank(unit: number): number {
  if (unit < 0xd800) return unit;
  return unit < 0xe000 ? unit + 0x2000 : unit - 0x800;
}
