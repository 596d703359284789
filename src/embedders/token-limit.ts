/**
 * The `maxTokens` of an embedder that reads every token of any input, however long (the hash
 * embedder): it truncates nothing, so nothing is sized by it. The largest safe integer, not
 * Infinity, because the index records maxTokens as JSON, which has no Infinity.
 */
export const NO_TOKEN_LIMIT = Number.MAX_SAFE_INTEGER;

/**
 * Whether `text` is certainly longer than `maxTokens` tokens of any tokenizer: no tokenizer puts
 * letters of two whitespace-separated words into one token, so more such words than the limit
 * is more tokens than the limit. (A text with fewer words may still be longer: not counted.)
 */
export function moreWordsThan(text: string, maxTokens: number): boolean {
  let words = 0;
  for (const [piece] of text.matchAll(/\S+/g)) if (/[\p{L}\p{N}]/u.test(piece) && ++words > maxTokens) return true;
  return false;
}

/** How much of an input an embedder reads, for messages: "reads every token" or "reads 512 tokens". */
export function readsTokens(maxTokens: number): string {
  return maxTokens >= NO_TOKEN_LIMIT ? 'reads every token' : `reads ${maxTokens} tokens`;
}
