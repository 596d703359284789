const HAN_OR_KANA = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々]+$/u;

/**
 * Overlapping character bigrams of a Han/kana word ("重置密码" -> 重置 置密 密码), the classic
 * CJK indexing unit: it does not depend on the dictionary splitting a word the same way in the
 * document and in the query. Single characters stay as they are; other words pass through.
 */
export function cjkBigrams(word: string): string[] {
  if (!HAN_OR_KANA.test(word)) return [word];
  const chars = [...word];
  if (chars.length < 2) return chars;
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  return out;
}
