/**
 * The `maxTokens` of an embedder that reads every token of any input, however long (the hash
 * embedder): it truncates nothing, so nothing is sized by it. The largest safe integer, not
 * Infinity, because the index records maxTokens as JSON, which has no Infinity.
 */
export const NO_TOKEN_LIMIT = Number.MAX_SAFE_INTEGER;

/** How much of an input an embedder reads, for messages: "reads every token" or "reads 512 tokens". */
export function readsTokens(maxTokens: number): string {
  return maxTokens >= NO_TOKEN_LIMIT ? 'reads every token' : `reads ${maxTokens} tokens`;
}
